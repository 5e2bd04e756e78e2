import { defineConfig } from "vitest/config";

// Two projects: `unit` (in-process, `npm test`) and `e2e` (real CometBFT, `npm run test:e2e`).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts", "test/integration/**/*.test.ts", "test/security/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: "forks",
          // Files share their worker's module graph: each file already builds its own chains,
          // and re-importing the app for every file cost more than a third of the run.
          isolate: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          pool: "forks",
          fileParallelism: false,
        },
      },
    ],
  },
});
