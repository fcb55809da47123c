import { chromium, type Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { launchChromium, openAppPage, TEST_CHROMIUM_PATH, type AppPage, type Viewport } from './browser';
import { startHostedApp } from './hosted-app';
import { startApp, type RunningApp } from './server';

export * from './axe';
export * from './browser';
export * from './menu';
export * from './server';
export * from './session';

export interface BrowserApp {
  app: RunningApp;
  browser: Browser;
  /** A fresh signed-out page; closed after the test. */
  open(viewport?: Viewport): Promise<AppPage>;
}

/** The run's shared Chromium (shared-chromium.ts) when there is one, else a Chromium of the file's own. */
function browserForFile(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  return endpoint ? chromium.connect(endpoint) : launchChromium(TEST_CHROMIUM_PATH);
}

export interface BrowserAppOptions {
  /** `npm start`'s own process, as an operator runs it (production's password cost), instead of the app host. */
  ownProcess?: boolean;
}

/** The file's app in the run's app host (app-host.ts) when there is one, else a server process of its own. */
function appForFile({ ownProcess = false }: BrowserAppOptions): Promise<RunningApp> {
  const host = inject('appHost');
  return host && !ownProcess ? startHostedApp(host) : startApp();
}

/** One app (fresh DATA_DIR) for a test file, on the run's one Chromium; pages are per test. */
export function useBrowserApp(options: BrowserAppOptions = {}): BrowserApp {
  const state = {} as BrowserApp;
  const pages: AppPage[] = [];

  beforeAll(async () => {
    state.app = await appForFile(options);
    try {
      state.browser = await browserForFile();
    } catch (error) {
      await state.app.stop();
      throw error;
    }
  });

  state.open = async (viewport) => {
    const page = await openAppPage(state.browser, state.app, viewport);
    pages.push(page);
    return page;
  };

  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.context.close()));
  });

  afterAll(async () => {
    await state.browser?.close();
    await state.app?.stop();
  });

  return state;
}
