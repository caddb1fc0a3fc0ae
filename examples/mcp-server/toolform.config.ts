// Builds the validators this example server uses from its own tool definitions.
// In your project: import { defineConfig } from "toolform";
import { defineConfig } from "../../src/config/define.js";

export default defineConfig({
  sources: ["tools.json"],
  outDir: "generated",
});
