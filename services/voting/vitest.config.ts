import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.int.test.ts'],
    // Each integration file starts its own service against its own database and subject prefix;
    // one at a time keeps a 2-core machine from timing out on argon2 and service boots.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
