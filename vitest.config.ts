import { defineConfig } from "vitest/config";

// One runner for every workspace: unit tests (*.test.ts) and API tests (*.api.test.ts).
// API tests open their own database per file, so files run in separate forks.
export default defineConfig({
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "apps/server/src/**/*.test.ts",
      "apps/server/test/**/*.test.ts",
      "apps/web/src/**/*.test.{ts,tsx}",
    ],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
