// @exodus/schemasafe: compiled, allErrors + includeErrors (structured errors, no messages).

import schemasafe from "@exodus/schemasafe";
import type { Adapter } from "./types.js";
import { pkgVersion } from "./versions.js";

const { validator } = ((schemasafe as any).default ?? schemasafe) as typeof import("@exodus/schemasafe");

export const schemasafeAdapter: Adapter = async () => ({
  versions: { "@exodus/schemasafe": pkgVersion("@exodus/schemasafe") },
  rows: [
    {
      id: "schemasafe",
      label: "schemasafe, allErrors+includeErrors",
      prepare: (t) => {
        const v = validator(t.inputSchema as any, { includeErrors: true, allErrors: true });
        return {
          run: (a) => (v(a as any) ? null : v.errors),
          ok: (r) => r === null,
          nErrors: (r) => (r as unknown[] | null)?.length ?? 0,
          firstMessage: (r) => {
            const e = (r as { keywordLocation: string; instanceLocation: string }[] | null)?.[0];
            return e ? `${e.instanceLocation} ${e.keywordLocation}` : "";
          },
        };
      },
    },
  ],
});
