// One break, one exact error (typia calls these "spoiler" tests): take a valid value of each
// example tool, break exactly one thing (deep down where the schema is deep), and assert the
// exact bucket and path.
import { beforeAll, describe, expect, it } from "vitest";
import { exampleTools, loadToolset, type LoadedToolset } from "../helpers/generated.js";

type Spoiler = [what: string, spoil: (v: any) => void, bucket: string, path: string];

const VALID: Record<string, unknown> = {
  legal_draft_v3: { counterparty: "Acme GmbH", value: 1200.5, term_months: 24 },
  book_room: { room_id: "R-101", start_iso: "2026-03-14T09:30:00+01:00", duration_min: 60 },
  edit_file: { path: "/srv/app/a.ts", edits: [{ oldText: "a", newText: "b" }, { oldText: "c", newText: "d" }], dryRun: true },
  search_issues: { query: "crash", filters: { state: "open", labels: ["bug", "ui"], assignee_id: null, created: { after: "2026-01-01", before: "2026-02-01" } }, limit: 10 },
  create_outline: { title: "Guide", sections: [{ heading: "Intro", kind: "chapter", children: [{ heading: "Scope", kind: "section" }] }] },
};

const SPOILERS: Record<string, Spoiler[]> = {
  legal_draft_v3: [
    ["drop a required field", (v) => delete v.counterparty, "missing_required", "counterparty"],
    ["wrong type", (v) => (v.term_months = "24"), "type_errors", "term_months"],
    ["a fraction for an integer", (v) => (v.term_months = 2.5), "type_errors", "term_months"],
    ["extra key", (v) => (v.colour = "red"), "unknown_args", "colour"],
    ["out of range", (v) => (v.value = -1), "constraint_errors", "value"],
    ["above the maximum", (v) => (v.term_months = 121), "constraint_errors", "term_months"],
  ],
  book_room: [
    ["drop a required field", (v) => delete v.start_iso, "missing_required", "start_iso"],
    ["wrong format", (v) => (v.start_iso = "2026-03-14 09:30"), "constraint_errors", "start_iso"],
    ["below the minimum", (v) => (v.duration_min = 5), "constraint_errors", "duration_min"],
    ["extra key", (v) => (v.attendees = 4), "unknown_args", "attendees"],
  ],
  edit_file: [
    ["drop a required field deep down", (v) => delete v.edits[1].oldText, "missing_required", "edits[1].oldText"],
    ["wrong type deep down", (v) => (v.edits[0].newText = 7), "type_errors", "edits[0].newText"],
    ["extra key deep down", (v) => (v.edits[1].note = "x"), "unknown_args", "edits[1].note"],
    ["empty array under minItems", (v) => (v.edits = []), "constraint_errors", "edits"],
    ["relative path against the pattern", (v) => (v.path = "srv/app/a.ts"), "constraint_errors", "path"],
    ["a string for a boolean", (v) => (v.dryRun = "yes"), "type_errors", "dryRun"],
  ],
  search_issues: [
    ["enum in the wrong case", (v) => (v.filters.state = "Open"), "enum_errors", "filters.state"],
    ["repeated label (uniqueItems)", (v) => v.filters.labels.push("bug"), "constraint_errors", "filters.labels"],
    ["wrong type in a nullable field", (v) => (v.filters.assignee_id = 3), "type_errors", "filters.assignee_id"],
    ["pattern in a nullable field", (v) => (v.filters.assignee_id = "bob"), "constraint_errors", "filters.assignee_id"],
    ["dates in the wrong order (x-compare)", (v) => (v.filters.created.before = "2025-12-01"), "constraint_errors", "filters.created.before"],
    ["extra key in a nested object", (v) => (v.filters.milestone = "v2"), "unknown_args", "filters.milestone"],
    ["too long", (v) => (v.query = "x".repeat(257)), "constraint_errors", "query"],
  ],
  create_outline: [
    ["drop a required field in a recursive $ref", (v) => delete v.sections[0].children[0].heading, "missing_required", "sections[0].children[0].heading"],
    ["enum in the wrong case in a recursive $ref", (v) => (v.sections[0].children[0].kind = "Section"), "enum_errors", "sections[0].children[0].kind"],
    ["extra key in a recursive $ref", (v) => (v.sections[0].children[0].level = 2), "unknown_args", "sections[0].children[0].level"],
  ],
};

let ts: LoadedToolset;
beforeAll(async () => {
  ts = await loadToolset(exampleTools());
});

describe("one broken thing, one exact error", () => {
  for (const [tool, spoilers] of Object.entries(SPOILERS)) {
    it(`${tool}: the valid value passes`, () => {
      expect(ts.toolset[tool]!.validate(VALID[tool]).errors).toEqual([]);
    });
    for (const [what, spoil, bucket, path] of spoilers) {
      it(`${tool}: ${what} → ${bucket} at ${path}`, () => {
        const v = structuredClone(VALID[tool]);
        spoil(v);
        const r = ts.toolset[tool]!.validate(v);
        expect(ts.toolset[tool]!.is(v)).toBe(false);
        expect(r.errors.map((e) => [e.bucket, e.path])).toEqual([[bucket, path]]);
        expect(r.n_errors).toBe(1);
        expect(r.errors[0]!.message).toContain(JSON.stringify(path));
      });
    }
  }
});
