import { defineConfig } from "vitest/config";

// Two projects: `unit` (in-process, `npm test`) and `e2e` (real CometBFT, `npm run test:e2e`).
// Both spawn bin/blockchaind.js, which runs the compiled dist/: each run builds it first when
// the sources changed (test/setup/build.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          globalSetup: ["test/setup/build.ts"],
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
          globalSetup: ["test/setup/build.ts"],
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
