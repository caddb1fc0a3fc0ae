// The description guard's generated tables (scripts/guard-tables.ts) are what the script
// writes today: the look-alike letters from the unhomoglyph package's confusables data and
// the words each guard expression needs. A stale table fails here; rerun the script.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TABLES } from "../../scripts/guard-tables.js";

describe("generated description-guard tables", () => {
  it.each(TABLES.map((t) => [t.file, t] as const))("%s is current (else: node --import tsx scripts/guard-tables.ts)", (file, t) => {
    expect(readFileSync(file, "utf8")).toBe(t.source());
  });
});
