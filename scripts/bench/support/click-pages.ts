/**
 * The pages of the click benches (issue 35): a signed-in Chromium page of the real app, the browser's floor (a
 * click that changes nothing), the header's menus clicked as the operator does, and an API call timed from the page.
 */
import type { Browser, Page } from 'playwright-core';
import { TOKEN_KEY } from '../../../src/app/auth/token-store';
import { clickToReady } from './click-timing';
import type { BenchServer } from './server';

export interface ClickViewport {
  name: string;
  viewport: { width: number; height: number };
  touch: boolean;
}

/** The counter's 1366×768 laptop and the 768×1024 touch tablet. */
export const LAPTOP: ClickViewport = { name: '1366×768', viewport: { width: 1366, height: 768 }, touch: false };
export const TABLET: ClickViewport = { name: '768×1024 touch', viewport: { width: 768, height: 1024 }, touch: true };

/**
 * A page signed in as the bench's operator. Every download link the app clicks (its files are blobs it downloads
 * itself) counts in `window.__downloads`, so a ready state can include "the file was handed to the browser".
 */
export async function signedInPage(browser: Browser, server: BenchServer, { viewport, touch }: ClickViewport): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport, hasTouch: touch, isMobile: touch, acceptDownloads: true });
  await context.addInitScript({
    content: `localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(server.token)});
      window.__downloads = 0;
      document.addEventListener('click', (event) => {
        if (event.target instanceof HTMLAnchorElement && event.target.hasAttribute('download')) window.__downloads++;
      }, true);`,
  });
  return context.newPage();
}

/** How many files the page has downloaded so far (see signedInPage). */
export const downloadsSoFar = (page: Page): Promise<number> => page.evaluate('window.__downloads') as Promise<number>;

/** The browser's floor: a click on the page's heading, which changes nothing, to its painted frame. */
export function idleClick(page: Page): Promise<number> {
  return clickToReady(page, page.locator('main h1, main h2').first(), 'true', 'the next frame');
}

/**
 * A header menu's link, the menu opened as the operator does (on a narrow screen through Menu first). `list` names
 * the menu's group holding it where a menu has several (Receivables holds Receivables and Contracts, each per unit).
 */
export async function menuLink(page: Page, menu: string, label: string, list?: string) {
  const header = page.getByRole('banner');
  const sheet = header.getByRole('button', { name: 'Menu' });
  if (await sheet.isVisible()) await sheet.click();
  await header.getByRole('button', { name: menu, exact: true }).click();
  return (list ? header.getByRole('list', { name: list, exact: true }) : header).getByRole('link', { name: label, exact: true });
}

/** One POST from the page with the operator's token, to the end of its answer: what the server and the wire take. */
export function pageCallTime(page: Page, path: string, body: object): Promise<number> {
  return page.evaluate(
    `(async () => {
      const started = performance.now();
      const response = await fetch(${JSON.stringify(path)}, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer ' + localStorage.getItem(${JSON.stringify(TOKEN_KEY)}) },
        body: ${JSON.stringify(JSON.stringify(body))},
      });
      const answer = await response.arrayBuffer();
      if (!response.ok) throw new Error(${JSON.stringify(`POST ${path} answered `)} + response.status + ': ' + new TextDecoder().decode(answer));
      return performance.now() - started;
    })()`,
  ) as Promise<number>;
}
