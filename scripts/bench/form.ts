/**
 * `npm run bench:form`: the bill form in real Chromium (Debian's), production build: a tax goods bill of
 * 300 and of 1,000 lines, the time to mount it and the time per keystroke in a QTY cell (with the live
 * totals showing), each beside a plain React table of inputs holding the same lines, built and timed the
 * same way in the same run; and a keystroke in the client name of a new bill with 10,000 saved clients to
 * suggest from, beside the same with 10. The editor page is the form's own browser page
 * (tests/component/form/browser, over in-memory services).
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { launchChromium } from '../../tests/e2e/support/browser';
import { loadRegistry } from '../../src/server/schema-files';
import { atMost, atMostTimes, median, percentile, runIfMain, type Figure } from './support/report';
import { EDITOR_PAGE, PLAIN_INPUTS_PAGE, PLAIN_TABLE_PAGE, sharedBenchPages } from './support/shared-builds';
import { openTimed, timeTyping, watchFirstPaintOf } from './support/page-timing';

const SIZES = [300, 1000];
const BILL_TYPE = 'taxinvoice';
const QTY_CELL = 'QTY, Sr. No. 1';
const MOUNT_RUNS = 7;
const TYPING_RUNS = 3;
const KEYSTROKES_PER_RUN = 40;
const CLIENTS = { many: 10_000, few: 10 };
/** Typed letter by letter into the client name: each prefix matches many of the saved clients (clientOf). */
const CLIENT_TYPED = 'shree ganesh logistics 1';
const CLIENT_FIELD = loadRegistry().byType(BILL_TYPE)!.roles.clientName.title;

interface Page {
  name: string;
  url(rows: number): string;
  /** What shows once the page is ready to be typed into (the editor's live totals). */
  ready?: string;
}

async function startPreview(outDir: string): Promise<{ server: PreviewServer; base: string }> {
  const server = await preview({ configFile: false, root: process.cwd(), logLevel: 'warn', build: { outDir }, preview: { port: 4319 } });
  const base = server.resolvedUrls?.local[0];
  if (!base) throw new Error('The preview server did not say where it listens');
  return { server, base };
}

async function mountTimes(context: BrowserContext, pages: Page[], rows: number): Promise<number[][]> {
  const times = pages.map(() => [] as number[]);
  // Interleaved, so both pages see the same machine state; the first round warms the caches.
  for (let round = 0; round <= MOUNT_RUNS; round++) {
    for (const [index, page] of pages.entries()) {
      const { page: tab, mount } = await openTimed(context, page.url(rows));
      await tab.close();
      if (round > 0) times[index].push(mount);
    }
  }
  return times;
}

/** Per page: each keystroke's work (keydown to commit and layout) and its time to the next frame. */
async function keystrokeTimes(context: BrowserContext, pages: Page[], rows: number): Promise<{ work: number[][]; frame: number[][] }> {
  const work = pages.map(() => [] as number[]);
  const frame = pages.map(() => [] as number[]);
  for (let round = 0; round < TYPING_RUNS; round++) {
    for (const [index, page] of pages.entries()) {
      const tab = await context.newPage();
      await tab.goto(page.url(rows));
      await tab.getByLabel(QTY_CELL, { exact: true }).waitFor();
      if (page.ready) await tab.locator(page.ready).waitFor();
      const times = await timeTyping(tab, QTY_CELL, KEYSTROKES_PER_RUN);
      work[index].push(...times.work);
      frame[index].push(...times.frame);
      await tab.close();
    }
  }
  return { work, frame };
}

async function measure(browser: Browser, base: string): Promise<Figure[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await watchFirstPaintOf(context, `input[aria-label="${QTY_CELL}"]`);
  const editor: Page = {
    name: 'bill form',
    url: (rows) => `${base}${EDITOR_PAGE}?type=${BILL_TYPE}&rows=${rows}`,
    ready: 'section.bill-totals',
  };
  const plain: Page = { name: 'plain React table', url: (rows) => `${base}${PLAIN_TABLE_PAGE}?rows=${rows}` };
  const inputs: Page = { name: 'plain HTML page of inputs', url: (rows) => `${base}${PLAIN_INPUTS_PAGE}?rows=${rows}` };
  const figures: Figure[] = [];
  for (const rows of SIZES) {
    const [editorMounts, plainMounts] = await mountTimes(context, [editor, plain], rows);
    const keys = await keystrokeTimes(context, [editor, plain, inputs], rows);
    const [editorKeys, plainKeys] = keys.work;
    const [editorFrames, , inputFrames] = keys.frame;
    const lines = `${rows.toLocaleString('en')} lines`;
    const mount = median(editorMounts);
    const keystroke = median(editorKeys);
    figures.push(
      {
        part: 'Form',
        name: `${lines}: mount (${MOUNT_RUNS} runs)`,
        value: mount,
        unit: 'ms',
        baseline: { name: `${plain.name}, same lines`, value: median(plainMounts) },
        target: atMost(300, 'ms')(mount),
      },
      {
        part: 'Form',
        name: `${lines}: keystroke in QTY, live totals showing (${editorKeys.length} keys)`,
        value: keystroke,
        unit: 'ms',
        baseline: { name: `${plain.name}, same lines`, value: median(plainKeys) },
        target: atMost(16, 'ms')(keystroke),
      },
      {
        part: 'Form',
        name: `${lines}: keystroke in QTY to the next frame, live totals showing`,
        value: median(editorFrames),
        unit: 'ms',
        baseline: { name: `${inputs.name}, same lines`, value: median(inputFrames) },
        target: atMostTimes(1.2, median(inputFrames))(median(editorFrames)),
      },
    );
  }
  figures.push(...(await clientFigures(context, base)));
  await context.close();
  return figures;
}

/** Types the client name of a new bill letter by letter, with `clients` saved clients to suggest from. */
async function clientKeystrokes(context: BrowserContext, base: string, clients: number): Promise<number[]> {
  const tab = await context.newPage();
  try {
    await tab.goto(`${base}${EDITOR_PAGE}?type=${BILL_TYPE}&clients=${clients}`);
    await tab.getByLabel(CLIENT_FIELD, { exact: true }).waitFor();
    const { work } = await timeTyping(tab, CLIENT_FIELD, CLIENT_TYPED.length, CLIENT_TYPED);
    // A keystroke that suggested nothing would time nothing: the last one must still offer a client.
    if ((await tab.getByRole('option').count()) === 0) throw new Error(`No saved client suggested for "${CLIENT_TYPED}"`);
    return work;
  } finally {
    await tab.close();
  }
}

async function clientFigures(context: BrowserContext, base: string): Promise<Figure[]> {
  const many: number[] = [];
  const few: number[] = [];
  for (let round = 0; round <= TYPING_RUNS; round++) {
    const manyKeys = await clientKeystrokes(context, base, CLIENTS.many);
    const fewKeys = await clientKeystrokes(context, base, CLIENTS.few);
    // The first round warms the caches.
    if (round > 0) {
      many.push(...manyKeys);
      few.push(...fewKeys);
    }
  }
  const baseline = (q: number) => ({ name: `same field, ${CLIENTS.few} saved clients`, value: percentile(few, q) });
  const saved = `${CLIENTS.many.toLocaleString('en')} saved clients`;
  return [
    {
      part: 'Form',
      name: `client name suggestions over ${saved}: keystroke (${many.length} keys)`,
      value: median(many),
      unit: 'ms',
      baseline: baseline(0.5),
      target: atMost(50, 'ms')(median(many)),
    },
    { part: 'Form', name: `client name suggestions over ${saved}: keystroke p95`, value: percentile(many, 0.95), unit: 'ms', baseline: baseline(0.95) },
  ];
}

export async function benchForm(): Promise<Figure[]> {
  const pages = await sharedBenchPages();
  const { server, base } = await startPreview(pages.outDir);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    return await measure(browser, base);
  } finally {
    await browser?.close();
    await server.close();
  }
}

await runIfMain(import.meta.url, benchForm);
