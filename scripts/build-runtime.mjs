// Run by `npm run build` after tsc: the runtime's modules joined into the one file written
// beside generated code, with its declarations (TypeScript), made once here instead of in
// every cold `toolform build` (see src/emit/runtime-file.ts).
import { writeFileSync } from "node:fs";
import { PREBUILT_RUNTIME, prebuiltRuntime } from "../dist/src/emit/runtime-file.js";

writeFileSync(PREBUILT_RUNTIME, JSON.stringify(prebuiltRuntime()) + "\n");
