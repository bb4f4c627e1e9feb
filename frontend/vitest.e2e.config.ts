import { defineConfig } from "vitest/config";

// End-to-end specs: vitest is only the runner; playwright-core drives Debian's
// Chromium against a running server (BASE_URL). Files run one after another
// because they share one database.
export default defineConfig({
  test: {
    include: ["e2e/**/*.spec.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
