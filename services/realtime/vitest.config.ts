import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.int.test.ts'],
    // Each integration file starts its own realtime instances on their own prefixes; one file at a time
    // keeps a 2-core machine from timing out.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
