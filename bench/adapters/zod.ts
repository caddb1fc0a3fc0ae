// zod 4: the JSON Schema turned into a zod schema with `z.fromJSONSchema`, then `safeParse`.

import * as zmod from "zod";
import type { Adapter } from "./types.js";
import { pkgVersion } from "./versions.js";

const z = ((zmod as any).z ?? zmod) as typeof import("zod").z;

export const zodAdapter: Adapter = async () => {
  const fromJSONSchema = (z as any).fromJSONSchema as ((s: object) => import("zod").ZodType) | undefined;
  if (typeof fromJSONSchema !== "function") {
    return {
      versions: { zod: pkgVersion("zod") },
      rows: [],
      unavailable: `zod ${pkgVersion("zod")} has no z.fromJSONSchema: a JSON Schema cannot be turned into a zod schema without a third-party converter`,
    };
  }
  return {
    versions: { zod: pkgVersion("zod") },
    rows: [
      {
        id: "zod",
        label: "zod 4, fromJSONSchema + safeParse",
        prepare: (t) => {
          const s = fromJSONSchema(t.inputSchema);
          return {
            run: (a) => s.safeParse(a),
            ok: (r) => (r as { success: boolean }).success,
            nErrors: (r) => (r as { error?: { issues: unknown[] } }).error?.issues.length ?? 0,
            firstMessage: (r) => {
              const i = (r as { error?: { issues: { path: unknown[]; message: string }[] } }).error?.issues[0];
              return i ? `${i.path.join(".")}: ${i.message}` : "";
            },
          };
        },
      },
    ],
  };
};
