import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Generous: they guard against hangs and are no speed checks (speed lives in npm run bench).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // 2-core machines: a few forks, not one per file.
    pool: "forks",
    maxWorkers: 2,
  },
});
