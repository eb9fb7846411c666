import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the running stack. With no GAVEL_E2E_BASE_URL, the built
 * stack is started with `npm run up`'s launcher (or an already running one is reused).
 */
const baseURL = process.env.GAVEL_E2E_BASE_URL || 'http://localhost:8080';
const external = !!process.env.GAVEL_E2E_BASE_URL;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; never `npx playwright install` (no downloads here).
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: external
    ? undefined
    : {
        command: 'node ../deploy/dist/up.js',
        url: 'http://localhost:8080/api/docs/openapi.json',
        reuseExistingServer: true,
        timeout: 120_000,
        // The launcher's own errors arrive on stderr; the services' logs too in CI.
        stdout: process.env.CI ? 'pipe' : 'ignore',
        stderr: 'pipe',
        // The launcher stops the services and what infrastructure it started on SIGTERM.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      },
});
