import type { ToolformConfig } from "./types.js";

/** Typed identity for toolform.config.ts. */
export function defineConfig(config: ToolformConfig): ToolformConfig {
  return config;
}
