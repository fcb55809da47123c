/**
 * The e2e project's globalSetup: one Debian Chromium (its headless shell, browser.ts) for every browser file of the run. Each file connects to it
 * (useBrowserApp) and opens its own contexts, which share no cookies, storage or downloads, so files stay apart
 * while the browser starts once instead of once per file.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's WebSocket address; absent when a browser file runs outside the e2e project. */
    chromiumEndpoint?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
