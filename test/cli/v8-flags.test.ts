// The CLI process raises V8's interrupt budget for commands that run once (src/cli/main.ts
// v8FlagsFor): a long-lived process (watch, the playground's server) keeps V8's defaults.
import { describe, expect, it } from "vitest";
import { v8FlagsFor } from "../../src/cli/main.js";

describe("v8FlagsFor", () => {
  it.each([["build"], ["build", "--no-cache"], ["check"], ["lint"], ["compile", "x.json"], ["validate"], ["pull"]])("%s: the raised budget", (...argv) => {
    expect(v8FlagsFor(argv)).toBe("--interrupt-budget=1081344");
  });
  it.each([["watch"], ["build", "--watch"], ["build", "-w"], ["playground"], ["init"], [], ["--help"]])("%s: none", (...argv) => {
    expect(v8FlagsFor(argv)).toBeUndefined();
  });
});
