/**
 * `npm run bench:clicks` (issue 35): what the operator waits for, measured from the click in Debian's Chromium
 * on the production build served by the real server (SQLite):
 * - a Create Bill menu link to the tax invoice screen ready for typing (its first line's input there, the bill
 *   number proposed), on a 1366×768 laptop and a 768×1024 touch tablet;
 * - a list's Edit to a 300-line and a 1,000-line tax invoice usable (its first line holding its value), both sizes;
 * - Generate PDF on a new 10-line tax invoice to PDF Generated painted, its PDF downloaded; then Okay to the next
 *   bill's screen ready (the next number proposed, the lines empty) (the laptop: its save downloads the PDF);
 * - the Receivables menu to the screen over 10,000 clients usable, and a client's statement of 2,000 bills
 *   downloaded from its Download PDF (support/money-screen-clicks.ts, over Money in's seeded server);
 * - Show history on a bill edited 200 times to its 201 entries listed (issue 51 item 4).
 * Baselines from the same run: a click that changes nothing, to its painted frame (the browser's floor), and for
 * the save and the money screens the same answer asked for by the page as one API call (what the server and the
 * network take without the screen). A figure over its target is run once more under Chromium's profiler, and the
 * profile is printed (support/page-profile.ts). `RUNS=1 npm run bench:clicks` is a quick check that all completes.
 */
import type { Browser, Page } from 'playwright-core';
import { createRoute, editRoute, listRoute } from '../../src/app/paths';
import { loadRegistry } from '../../src/server/schema-files';
import { launchChromium } from '../../tests/e2e/support/browser';
import { fillHeader, fillLines } from '../../tests/e2e/journeys/support/bill-form';
import { goodsRow, validPayload } from '../../tests/fixtures/payloads';
import { idleClick, LAPTOP, menuLink, pageCallTime, signedInPage, TABLET } from './support/click-pages';
import { clickToReady, inputReady, waitUntilReady } from './support/click-timing';
import { atBenchEnd } from './support/cleanup';
import { MONEY_IN, sharedMoneyInServer } from './support/money-in-seed';
import { moneyApiTimes, receivablesScreen, statementDownload } from './support/money-screen-clicks';
import { figureOf, measured, RUNS, timedRuns, type Prepare } from './support/click-runs';
import { median, runIfMain, type Figure } from './support/report';
import { seedBills } from './support/seed-bills';
import { startBenchServer, type BenchServer } from './support/server';
import { sharedWebBuild } from './support/shared-builds';

const registry = loadRegistry();
const BILL_TYPE = registry.byType('taxinvoice')!;
/** The first line's first typed input ("Description of Goods, Sr. No. 1"). */
const FIRST_LINE = `${BILL_TYPE.rowsField.rows!.fields.find((field) => !field.rowNumber && !field.rows && !field.productOf)!.title}, Sr. No. 1`;
const BILL_NUMBER = BILL_TYPE.roles.billNumber.title;
/** Bills seeded as numbers 1 (10 lines), 2 (300 lines) and 3 (1,000 lines; stored as bills were before the 500-line cap). */
const LONG_BILLS = [
  { billno: 2, lines: 300, target: 500 },
  { billno: 3, lines: 1000, target: 1000 },
];
const SAVED_LINES = 10;
const SAVED_HEADER = { clientname: 'Kaveri Agro Industries', clientaddress: 'Plot 7, MIDC, Taloja 410208', gstno: '27AAPFU0939F1ZV' };
/**
 * Goods names more than two letters apart from each other and from the seeded bills' goods (saved with them): a new
 * name near a saved one is asked about before the next line is added ("Did you mean …?", issue 50), which would
 * stop the typing.
 */
const SAVED_GOODS = ['Injector nozzle', 'Nozzle holder', 'Lube oil filter', 'Cylinder head gasket', 'Piston ring set', 'Alternator belt', 'Radiator hose', 'Starter motor', 'Governor spring', 'Turbocharger'];
const SAVED_ROWS = SAVED_GOODS.map((goods, index) => ({ ...goodsRow(BILL_TYPE, index + 1), goods }));

/** Bill 4, saved and then edited 200 times through the API, each edit a row of its History (issue 51 item 4). */
const EDITED = { billno: 4, edits: 200 };

async function seed(server: BenchServer): Promise<void> {
  await seedBills(server.dataDir, BILL_TYPE, 1, { first: 1, linesPerBill: SAVED_LINES, figures: true });
  for (const { billno, lines } of LONG_BILLS) await seedBills(server.dataDir, BILL_TYPE, 1, { first: billno, linesPerBill: lines, figures: true });
  const edited = { ...validPayload(BILL_TYPE, 3, { [BILL_TYPE.roles.billNumber.name]: EDITED.billno }), type: BILL_TYPE.type };
  await server.post(BILL_TYPE.createPath, { ...edited, method: 'create' });
  for (let edit = 1; edit <= EDITED.edits; edit++) {
    await server.post(BILL_TYPE.createPath, { ...edited, clientaddress: `Shed ${edit}, Turbhe MIDC, Navi Mumbai`, method: 'update' });
  }
}

const openList = async (page: Page) => {
  await page.goto(listRoute(BILL_TYPE));
  await page.locator('tbody tr').first().waitFor();
};

const idle: Prepare = async (page) => {
  await openList(page);
  return { click: () => idleClick(page) };
};

const createScreen: Prepare = async (page) => {
  await openList(page);
  const link = await menuLink(page, 'Create Bill', BILL_TYPE.menuLabel);
  return {
    click: () =>
      clickToReady(page, link, `${inputReady(FIRST_LINE, /^$/)} && ${inputReady(BILL_NUMBER, /^\d+$/)}`, `the create screen's empty "${FIRST_LINE}" and a proposed ${BILL_NUMBER}`),
  };
};

const editScreen =
  (billno: number): Prepare =>
  async (page) => {
    await openList(page);
    const edit = page.locator(`a[href="${editRoute(BILL_TYPE, billno)}"]`).first();
    return { click: () => clickToReady(page, edit, inputReady(FIRST_LINE, /\S/), `bill ${billno}'s "${FIRST_LINE}" holding its value`) };
  };

/** Show history on the edited bill's screen to every one of its entries listed (its save and each edit). */
const historyShown: Prepare = async (page) => {
  await page.goto(editRoute(BILL_TYPE, EDITED.billno));
  const show = page.getByRole('button', { name: 'Show history', exact: true });
  await show.waitFor();
  const entries = EDITED.edits + 1;
  return { click: () => clickToReady(page, show, `document.querySelectorAll('.bill-history__list > li').length === ${entries}`, `the History's ${entries} entries`) };
};

async function apiHistoryTimes(page: Page): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round <= RUNS; round++) {
    const time = await pageCallTime(page, '/api/common/getbillhistory', { billtype: BILL_TYPE.type, billno: EDITED.billno });
    if (round > 0) times.push(time);
  }
  return times;
}

/**
 * A new create screen, loaded afresh (so it proposes the number after any saved by API calls), and the 10-line
 * bill typed in up to the confirmation (not timed); the number it proposed.
 */
async function typedBill(page: Page): Promise<number> {
  await page.goto(createRoute(BILL_TYPE));
  await page.getByLabel(BILL_NUMBER, { exact: true }).waitFor();
  const number = Number(await page.getByLabel(BILL_NUMBER, { exact: true }).inputValue());
  await fillHeader(page, BILL_TYPE, SAVED_HEADER);
  await fillLines(page, BILL_TYPE, SAVED_ROWS.map((line) => Object.fromEntries(Object.entries(line).map(([key, value]) => [key, String(value)]))));
  await page.getByRole('button', { name: 'Save And Create PDF', exact: true }).click();
  return number;
}

const generateButton = (page: Page) => page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Generate PDF' });
const okayButton = (page: Page) => page.getByRole('dialog', { name: 'PDF Generated' }).getByRole('button', { name: 'Okay' });
const pdfGenerated = `!!document.querySelector('[role="dialog"]') && document.body.textContent.includes('PDF Generated')`;
const nextBillReady = (number: number) =>
  `${inputReady(FIRST_LINE, /^$/)} && ${inputReady(BILL_NUMBER, new RegExp(`^${number}$`))} && !document.querySelector('[role="dialog"]')`;

/** Generate PDF to PDF Generated, the PDF downloaded; then Okay (not timed) back to a new bill. */
const generatePdf: Prepare = async (page) => {
  const number = await typedBill(page);
  return {
    click: async () => {
      const [download, time] = await Promise.all([page.waitForEvent('download'), clickToReady(page, generateButton(page), pdfGenerated, 'the PDF Generated modal')]);
      await download.path();
      return time;
    },
    after: async () => {
      await okayButton(page).click();
      await waitUntilReady(page, nextBillReady(number + 1), `bill ${number + 1}'s screen, empty, no dialog`);
    },
  };
};

/** Generate PDF (not timed), then Okay to the next bill's screen ready. */
const okayToNext: Prepare = async (page) => {
  const number = await typedBill(page);
  const [download] = await Promise.all([page.waitForEvent('download'), generateButton(page).click()]);
  await download.path();
  return { click: () => clickToReady(page, okayButton(page), nextBillReady(number + 1), `bill ${number + 1}'s screen, empty, no dialog`) };
};

/** The same bill saved by the page as one API call, PDF and all, each a new number after the screen's saves. */
async function apiSaveTimes(page: Page): Promise<number[]> {
  const first = Number(await page.getByLabel(BILL_NUMBER, { exact: true }).inputValue());
  const times: number[] = [];
  for (let round = 0; round <= RUNS; round++) {
    const body = { ...validPayload(BILL_TYPE, SAVED_LINES, { [BILL_TYPE.roles.billNumber.name]: first + round }), ...SAVED_HEADER, [BILL_TYPE.rowsField.name]: SAVED_ROWS, method: 'create', type: BILL_TYPE.type };
    const time = await pageCallTime(page, BILL_TYPE.createPath, body);
    if (round > 0) times.push(time);
  }
  return times;
}

async function billScreenFigures(browser: Browser, server: BenchServer): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const size of [LAPTOP, TABLET]) {
    const page = await signedInPage(browser, server, size);
    const floor = { name: 'a click that changes nothing, to its frame', value: median(await timedRuns(page, idle)) };
    figures.push(await figureOf(page, await measured(page, `${size.name}: Create Bill menu to the tax invoice screen ready (${RUNS} runs)`, 300, createScreen), floor));
    for (const { billno, lines, target } of LONG_BILLS) {
      figures.push(await figureOf(page, await measured(page, `${size.name}: list's Edit to a ${lines.toLocaleString('en')}-line tax invoice usable`, target, editScreen(billno)), floor));
    }
    await page.context().close();
  }
  const page = await signedInPage(browser, server, LAPTOP);
  const save = await measured(page, `${LAPTOP.name}: Generate PDF (${SAVED_LINES} lines) to PDF Generated, PDF downloaded`, 300, generatePdf);
  const next = await measured(page, `${LAPTOP.name}: Okay to the next bill's screen ready`, 200, okayToNext);
  const api = { name: 'the same save as one API call from the page', value: median(await apiSaveTimes(page)) };
  figures.push(await figureOf(page, save, api), await figureOf(page, next, api));
  const history = await measured(page, `${LAPTOP.name}: Show history to the ${EDITED.edits + 1} entries of a bill edited ${EDITED.edits} times`, 300, historyShown);
  figures.push(await figureOf(page, history, { name: 'the same history as one API call from the page', value: median(await apiHistoryTimes(page)) }));
  await page.context().close();
  return figures;
}

async function moneyScreenFigures(browser: Browser): Promise<Figure[]> {
  const { server } = await sharedMoneyInServer();
  const page = await signedInPage(browser, server, LAPTOP);
  try {
    const clients = MONEY_IN.clients.toLocaleString('en');
    const bills = MONEY_IN.longStatement.bills.toLocaleString('en');
    const receivables = await measured(page, `${LAPTOP.name}: Receivables menu to the screen of ${clients} clients usable`, 300, receivablesScreen);
    const statement = await measured(page, `${LAPTOP.name}: a statement's Download PDF to the statement of ${bills} bills downloaded`, 500, statementDownload);
    const api = await moneyApiTimes(page);
    return [
      await figureOf(page, receivables, { name: 'the same receivables as one API call from the page', value: api.receivables }),
      await figureOf(page, statement, { name: 'the same PDF as one API call from the page', value: api.statement }),
    ];
  } finally {
    await page.context().close();
  }
}

export async function benchClicks(): Promise<Figure[]> {
  const web = await sharedWebBuild();
  const server = await startBenchServer({ WEB_ROOT: web.outDir });
  atBenchEnd(() => server.stop());
  await seed(server);
  const browser = await launchChromium();
  try {
    return [...(await billScreenFigures(browser, server)), ...(await moneyScreenFigures(browser))];
  } finally {
    await browser.close();
  }
}

await runIfMain(import.meta.url, benchClicks);
