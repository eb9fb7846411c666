import { defineConfig } from 'vitest/config';

// Cross-service integration tests and the benchmark's own parts; Playwright's e2e specs are run by `playwright test`.
export default defineConfig({
  test: {
    include: ['integration/**/*.int.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
