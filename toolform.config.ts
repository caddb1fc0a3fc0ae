// toolform's own config: builds the example tools into generated/ (committed).
import { defineConfig } from "toolform";

export default defineConfig({
  sources: ["examples/tools/*.json", "examples/tools/*.tool.ts"],
  outDir: "generated",
  emit: "ts",
  unknownArgs: "reject",
  // The tool lists per model provider, in generated/providers.ts (docs/providers.md).
  providers: ["openai", "anthropic", "gemini"],
});
