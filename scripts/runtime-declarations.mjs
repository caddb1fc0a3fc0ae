// Run by `npm run build` after tsc: the generated runtime's declarations, made once
// here instead of in every cold `toolform build` (see src/emit/runtime-file.ts).
import { writeFileSync } from "node:fs";
import { PREBUILT_DECLARATIONS, prebuiltDeclarations } from "../dist/src/emit/runtime-file.js";

writeFileSync(PREBUILT_DECLARATIONS, JSON.stringify(prebuiltDeclarations()) + "\n");
