// @cfworker/json-schema: an interpreter (no code generation), all errors (shortCircuit false).

import { Validator } from "@cfworker/json-schema";
import type { Adapter } from "./types.js";
import { pkgVersion } from "./versions.js";

export const cfworkerAdapter: Adapter = async () => ({
  versions: { "@cfworker/json-schema": pkgVersion("@cfworker/json-schema") },
  rows: [
    {
      id: "cfworker",
      label: "@cfworker/json-schema, all errors",
      prepare: (t) => {
        const v = new Validator(t.inputSchema as any, "2020-12", false);
        return {
          run: (a) => v.validate(a),
          ok: (r) => (r as { valid: boolean }).valid,
          // cfworker reports the failing leaf and every enclosing keyword; count the leaves.
          nErrors: (r) => (r as { errors: { keyword: string }[] }).errors.filter((e) => e.keyword !== "properties" && e.keyword !== "items" && e.keyword !== "additionalProperties").length,
          firstMessage: (r) => (r as { errors: { error: string }[] }).errors[0]?.error ?? "",
        };
      },
    },
  ],
  notes: ["@cfworker/json-schema lists, besides each failing keyword, every enclosing `properties`/`items`/`additionalProperties`; its error count here leaves those out."],
});
