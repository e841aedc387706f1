// Playwright Test's configuration for the fixture's end-to-end test: Debian's Chromium (the path and
// flags come from the vitest test that runs this), two workers sharing one emulator.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.mjs',
  globalSetup: './global-setup.mjs',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT }]],
  outputDir: process.env.PW_OUTPUT_DIR,
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: process.env.PW_CHROMIUM, args: JSON.parse(process.env.PW_CHROMIUM_ARGS ?? '[]') },
  },
});
