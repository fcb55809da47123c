import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import type { RunningApp } from './server';

/** Debian's Chromium, never a downloaded browser: the full browser operators run (benches and screenshots use it). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/**
 * The test suites' Chromium: Debian's headless shell (package chromium-headless-shell), the same Blink and V8
 * without the full browser's windowing and GPU process. Eight browser files took 86 s in it against 126 s in the
 * full browser (issue 44: CI time). The full browser where the shell is not installed.
 */
export const TEST_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const DESKTOP = { width: 1280, height: 800 };
export const TABLET = { width: 820, height: 1180 };
/** Issue 31's phone, a touch screen (coarse pointer, touch events, the mobile viewport). */
export const PHONE = { width: 390, height: 844, touch: true };

export interface Viewport {
  width: number;
  height: number;
  /** A touch screen: `hasTouch` and `isMobile`, so CSS sees `(pointer: coarse)`. */
  touch?: boolean;
  /** The browser's language (navigator.language, Intl's default), e.g. en-US whose own date inputs read MM/DD/YYYY. */
  locale?: string;
}

export function launchChromium(executablePath = CHROMIUM_PATH): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

export interface AppPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors, for tests to assert there are none. */
  errors: string[];
}

/** A fresh context (no token, downloads accepted) on the app, collecting the page's errors. */
export async function openAppPage(browser: Browser, app: RunningApp, { touch = false, locale, ...viewport }: Viewport = DESKTOP): Promise<AppPage> {
  const context = await browser.newContext({ baseURL: app.url, acceptDownloads: true, viewport, hasTouch: touch, isMobile: touch, ...(locale && { locale }) });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // Failed API calls that the test provokes on purpose (401, 404) are logged by Chromium as errors.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

/**
 * A download's bytes, read through the browser's connection: the browser files share one Chromium
 * (shared-chromium.ts), whose downloads are not files this process can open by path.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
