/**
 * Loads of one screen by URL in Debian's Chromium as an operator's browser makes them (issue 43): cold (a new
 * browser context: nothing cached) or warm (the same context again: the hashed assets cached, the page
 * revalidated), under an emulated network, timed from the navigation's start to the end of the first frame on
 * which the screen is usable, with the bytes it received meanwhile.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TOKEN_KEY } from '../../../src/app/auth/token-store';
import { logTransfers, type Transfer, type TransferLog } from '../../../tests/e2e/support/transfers';

/** Longer than any screen may take on the slowest network and a loaded machine; past it the bench fails naming it. */
const USABLE_TIMEOUT_MS = 60_000;

export interface Network {
  name: string;
  latencyMs: number;
  downloadBitsPerSecond: number;
  uploadBitsPerSecond: number;
}

/** A screen: its path, whether it needs an operator signed in, and the page expression that says it is usable. */
export interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  usable: string;
}

export interface Load {
  ms: number;
  transfers: Transfer[];
}

/** Sets the page's network (DevTools' throttling: each request waits the latency, bytes flow at the rates). */
async function emulate(log: TransferLog, network: Network): Promise<void> {
  await log.session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: network.latencyMs,
    downloadThroughput: network.downloadBitsPerSecond / 8,
    uploadThroughput: network.uploadBitsPerSecond / 8,
  });
}

/**
 * Every document of the context: the operator's token (when signed in), and a clock that stops at the end of the
 * first animation frame on which `usable` holds. performance.now() counts from the navigation's start. The
 * expression is written into the script (the app's Content-Security-Policy refuses eval).
 */
function initScript(screen: Screen, token: string): string {
  return `${screen.signedIn ? `localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(token)});` : ''}
    window.__usable = new Promise((resolve, reject) => {
      const check = () => {
        if (${screen.usable}) return setTimeout(() => resolve(performance.now()), 0);
        if (performance.now() > ${USABLE_TIMEOUT_MS}) return reject(new Error(${JSON.stringify(`Never usable within ${USABLE_TIMEOUT_MS / 1000} s: ${screen.name} (${screen.path})`)}));
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });`;
}

async function timedLoad(page: Page, log: TransferLog, path: string): Promise<Load> {
  const before = log.transfers().length;
  await page.goto(path, { waitUntil: 'commit' });
  const ms = (await page.evaluate('window.__usable')) as number;
  return { ms, transfers: log.transfers().slice(before) };
}

export interface ScreenVisit {
  context: BrowserContext;
  page: Page;
  /** The first load: nothing cached. */
  cold: Load;
  /** The same screen once more in the same browser (its cache warm), on the same network. */
  warm(): Promise<Load>;
}

/** A cold load of the screen in a new context on the network; close the visit's context when done with it. */
export async function coldVisit(browser: Browser, baseURL: string, token: string, screen: Screen, network?: Network): Promise<ScreenVisit> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
  try {
    await context.addInitScript({ content: initScript(screen, token) });
    const page = await context.newPage();
    const log = await logTransfers(page);
    if (network) await emulate(log, network);
    const cold = await timedLoad(page, log, screen.path);
    return { context, page, cold, warm: () => timedLoad(page, log, screen.path) };
  } catch (error) {
    await context.close();
    throw error;
  }
}
