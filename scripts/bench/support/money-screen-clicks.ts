/**
 * Clicks on the money-in screens (issue 35 item 3) over MONEY_IN (10,000 clients owing, one of 2,000 bills):
 * the Receivables menu to the screen usable (its rows painted, the long-statement client's Statement there, no
 * longer loading), and, in that client's statement, Download PDF to the statement of 2,000 bills downloaded (the
 * modal usable again). Beside each, the same answer asked for by the page as one API call. The screen's elements
 * are found by CSS, not by role: playwright's role queries over 10,000 rows take seconds of their own.
 */
import type { Page } from 'playwright-core';
import { localIsoDay } from '../../../src/engine/core/financial-year';
import { financialYearOf } from '../../../src/engine/core/periods';
import { listRoute } from '../../../src/app/paths';
import { receivablesRoute } from '../../../src/app/receivables/receivables-path';
import { loadRegistry } from '../../../src/server/schema-files';
import { downloadsSoFar, menuLink, pageCallTime } from './click-pages';
import { ROWS_SHOWN } from '../../../src/app/receivables/rows-shown';
import { RUNS, type Prepare } from './click-runs';
import { clickToReady, waitUntilReady } from './click-timing';
import { MONEY_IN, MONEY_IN_BILL_TYPE } from './money-in-seed';
import { median } from './report';

const UNIT = loadRegistry().units.find((unit) => unit.slug === MONEY_IN_BILL_TYPE.unit)!;
const LONG = MONEY_IN.longStatement.name;
const STATEMENT_BUTTON = `.receivables-table button[aria-label=${JSON.stringify(`Statement of ${LONG}`)}]`;
const RECEIVABLES_USABLE = `!!document.querySelector(${JSON.stringify(STATEMENT_BUTTON)}) && !document.querySelector('.list-loading')`;
const RECEIVABLES_WHAT = `the Receivables screen with the Statement of ${LONG}`;
const DIALOG = '[role="dialog"]';

/** From another screen (the unit's tax invoice list, small to load), the Receivables menu clicked. */
export const receivablesScreen: Prepare = async (page) => {
  await page.goto(listRoute(MONEY_IN_BILL_TYPE));
  await page.locator('main h1').first().waitFor();
  const link = await menuLink(page, 'Receivables', UNIT.menuLabel, 'Receivables');
  return { click: () => clickToReady(page, link, RECEIVABLES_USABLE, RECEIVABLES_WHAT) };
};

/** On the Receivables screen, the long client's statement opened (not timed), then its Download PDF clicked. */
export const statementDownload: Prepare = async (page) => {
  if (!page.url().endsWith(receivablesRoute(UNIT))) await page.goto(receivablesRoute(UNIT));
  await waitUntilReady(page, RECEIVABLES_USABLE, RECEIVABLES_WHAT);
  await page.locator(STATEMENT_BUTTON).click();
  const download = page.locator(`${DIALOG} button`, { hasText: 'Download PDF' });
  const before = await downloadsSoFar(page);
  return {
    click: async () => {
      const ready = `window.__downloads > ${before} && !document.querySelector('${DIALOG} button[disabled]')`;
      const [file, time] = await Promise.all([page.waitForEvent('download'), clickToReady(page, download, ready, `the statement of ${LONG} downloaded`)]);
      await file.path();
      return time;
    },
    after: () => page.locator(`${DIALOG} button`, { hasText: 'Close' }).click(),
  };
};

/**
 * The same two answers as API calls from the page, asked as the screens ask: the receivables' first page, the
 * statement over this financial year so far.
 */
export async function moneyApiTimes(page: Page): Promise<{ receivables: number; statement: number }> {
  const today = localIsoDay();
  const statement = { clientname: LONG, from: `${financialYearOf(today)}-04-01`, to: today, format: 'pdf' };
  const receivables: number[] = [];
  const statements: number[] = [];
  for (let round = 0; round <= RUNS; round++) {
    const times = [await pageCallTime(page, `/api/${UNIT.slug}/receivables`, { offset: 0, limit: ROWS_SHOWN }), await pageCallTime(page, `/api/${UNIT.slug}/statement`, statement)];
    if (round === 0) continue;
    receivables.push(times[0]);
    statements.push(times[1]);
  }
  return { receivables: median(receivables), statement: median(statements) };
}
