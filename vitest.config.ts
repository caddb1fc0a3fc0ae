import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // 2-core machines: a few forks, not one per file.
    pool: "forks",
    maxWorkers: 2,
  },
});
