/**
 * `npm run bench:lists`: 100,000 tax invoices with their figures, stored in bulk through the storage layer
 * (support/seeded-server.ts), then the real server (production web build) and Chromium: the time until the
 * list screen shows its first page and until it answers a search, beside the same screen over a list of one
 * page (same rows on screen, a tiny table); and the list API call, plain (every bill) and paged, beside a
 * trivial call.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { BillType } from '../../src/engine/core';
import { launchChromium } from '../../tests/e2e/support/browser';
import { atMost, median, runIfMain, type Figure } from './support/report';
import type { BenchServer } from './support/server';
import { openTimed, watchFirstPaintOf } from './support/page-timing';
import { BIG, SMALL, sharedSeededServer, type SeededList as List } from './support/seeded-server';

const PAGE_SIZE = 25;
const RUNS = 9;
const SEARCH_TIMEOUT_MS = 10_000;
const listPath = (billType: BillType) => `/${billType.unit}/view/${billType.route}`;

async function timedCalls(call: () => Promise<unknown>): Promise<number> {
  await call();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return median(times);
}

async function apiFigures(server: BenchServer): Promise<Figure[]> {
  const billtype = BIG.billType.type;
  // To the end of the answer, not parsed: the figure is the server's and the wire's, not this client's JSON.parse.
  const call = (path: string, body: object) => () => server.post(path, body);
  const trivial = { name: 'getbillno (trivial call)', value: await timedCalls(call('/api/common/getbillno', { billtype })) };
  const paged = { billtype, limit: PAGE_SIZE, offset: 0 };
  const figure = (name: string, value: number): Figure => ({ part: 'Lists', name, value, unit: 'ms', baseline: trivial });
  return [
    figure('API getbill, plain (all 100,000)', await timedCalls(call('/api/common/getbill', { billtype }))),
    figure(`API getbill, paged (${PAGE_SIZE})`, await timedCalls(call('/api/common/getbill', paged))),
    figure('API getbill, paged + search', await timedCalls(call('/api/common/getbill', { ...paged, search: BIG.search }))),
  ];
}

interface ScreenTimes {
  firstPage: number[];
  search: number[];
}

/** Types the whole term into the list's search field at once and times it until the answer is on screen. */
async function timeSearch(page: Page, term: string, status: string): Promise<number> {
  await page.getByLabel('Search', { exact: true }).click();
  return page.evaluate(
    async ({ text, expected, timeout }) => {
      const field = document.activeElement as HTMLInputElement;
      const started = performance.now();
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, text);
      field.dispatchEvent(new Event('input', { bubbles: true }));
      while (performance.now() - started < timeout) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const shown = document.querySelector('.pagination-status')?.textContent ?? '';
        const idle = document.querySelector('table.bill-table')?.getAttribute('aria-busy') === 'false';
        if (idle && shown.startsWith(expected)) return performance.now() - started;
      }
      throw new Error(`The search for "${text}" did not show "${expected}"`);
    },
    { text: term, expected: status, timeout: SEARCH_TIMEOUT_MS },
  );
}

/** Opens the list screen, then searches it; the status line the search should end on comes from the API. */
async function visit(context: BrowserContext, server: BenchServer, list: List, times: ScreenTimes): Promise<void> {
  const { total } = await server.postJson<{ total: number }>('/api/common/getbill', {
    billtype: list.billType.type,
    search: list.search,
    limit: 1,
  });
  const { page, open } = await openTimed(context, new URL(listPath(list.billType), server.url).href);
  try {
    const status = `1–${Math.min(PAGE_SIZE, total)} of ${total.toLocaleString('en-IN')} `;
    times.search.push(await timeSearch(page, list.search, status));
    times.firstPage.push(open);
  } finally {
    await page.close();
  }
}

/** Both lists, visit by visit in turn, so that both see the same machine; the first visits warm the cache. */
async function screenTimes(context: BrowserContext, server: BenchServer): Promise<{ big: ScreenTimes; small: ScreenTimes }> {
  const big: ScreenTimes = { firstPage: [], search: [] };
  const small: ScreenTimes = { firstPage: [], search: [] };
  await visit(context, server, BIG, { firstPage: [], search: [] });
  await visit(context, server, SMALL, { firstPage: [], search: [] });
  for (let run = 0; run < RUNS; run++) {
    await visit(context, server, BIG, big);
    await visit(context, server, SMALL, small);
  }
  return { big, small };
}

async function screenFigures(server: BenchServer): Promise<Figure[]> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript({ content: `localStorage.setItem('token', ${JSON.stringify(server.token)});` });
    await watchFirstPaintOf(context, 'table.bill-table[aria-busy="false"] tbody tr');
    const { big, small } = await screenTimes(context, server);
    const baselineName = `same screen, ${SMALL.count} bills`;
    return [
      {
        part: 'Lists',
        name: 'screen: first page of 100,000 (from navigation)',
        value: median(big.firstPage),
        unit: 'ms',
        baseline: { name: baselineName, value: median(small.firstPage) },
        target: atMost(500, 'ms')(median(big.firstPage)),
      },
      {
        part: 'Lists',
        name: 'screen: search answered (incl. 250 ms debounce)',
        value: median(big.search),
        unit: 'ms',
        baseline: { name: baselineName, value: median(small.search) },
        target: atMost(500, 'ms')(median(big.search)),
      },
    ];
  } finally {
    await browser.close();
  }
}

export async function benchLists(): Promise<Figure[]> {
  const { server, seedMs } = await sharedSeededServer();
  return [
    { part: 'Lists', name: 'bulk insert of 100,000 bills with figures (storage layer)', value: seedMs, unit: 'ms' },
    ...(await apiFigures(server)),
    ...(await screenFigures(server)),
  ];
}

await runIfMain(import.meta.url, benchLists);
