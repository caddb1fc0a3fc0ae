// ajv 8 (draft 2020-12 class) with ajv-formats, compiled at start-up:
// allErrors:false (first error, the usual production setting) and
// allErrors:true (every error, ajv's developer-facing messages).

import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { Adapter, Prepared } from "./types.js";
import { pkgVersion } from "./versions.js";

// CJS default-export interop under tsx/Node ESM.
const Ajv2020 = ((Ajv2020Module as any).default ?? Ajv2020Module) as typeof import("ajv/dist/2020.js").default;
const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as typeof import("ajv-formats").default;

export function makeAjv(allErrors: boolean) {
  const ajv = new Ajv2020({ allErrors, strict: false });
  addFormats(ajv); // "full" formats, the default
  return ajv;
}

function prep(ajv: InstanceType<typeof Ajv2020>, schema: object): Prepared {
  const v = ajv.compile(schema);
  return {
    run: (a) => (v(a) ? null : v.errors),
    ok: (r) => r === null,
    nErrors: (r) => (r as unknown[] | null)?.length ?? 0,
    firstMessage: (r) => {
      const e = (r as { instancePath: string; message?: string }[] | null)?.[0];
      return e ? `${e.instancePath || "/"} ${e.message}` : "";
    },
  };
}

export const ajvAdapter: Adapter = async () => {
  const fast = makeAjv(false);
  const all = makeAjv(true);
  return {
    versions: { ajv: pkgVersion("ajv"), "ajv-formats": pkgVersion("ajv-formats") },
    rows: [
      { id: "ajv", label: "ajv, allErrors:false", prepare: (t) => prep(fast, t.inputSchema) },
      { id: "ajv-all", label: "ajv, allErrors:true", prepare: (t) => prep(all, t.inputSchema) },
    ],
  };
};
