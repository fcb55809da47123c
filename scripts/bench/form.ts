/**
 * `npm run bench:form`: the bill form in real Chromium (Debian's), production build: a tax goods bill of
 * 300 and of 1,000 lines, the time to mount it and the time per keystroke in a QTY cell, each beside a
 * plain React table of inputs holding the same lines, built and timed the same way in the same run.
 * The editor page is the form's own browser page (tests/component/form/browser, over in-memory services).
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { launchChromium } from '../../tests/e2e/support/browser';
import { atMost, median, runIfMain, type Figure } from './support/report';
import { EDITOR_PAGE, PLAIN_TABLE_PAGE, sharedBenchPages } from './support/shared-builds';
import { openTimed, timeTyping, watchFirstPaintOf } from './support/page-timing';

const SIZES = [300, 1000];
const BILL_TYPE = 'taxinvoice';
const QTY_CELL = 'QTY, Sr. No. 1';
const MOUNT_RUNS = 7;
const TYPING_RUNS = 3;
const KEYSTROKES_PER_RUN = 40;

interface Page {
  name: string;
  url(rows: number): string;
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

async function keystrokeTimes(context: BrowserContext, pages: Page[], rows: number): Promise<number[][]> {
  const times = pages.map(() => [] as number[]);
  for (let round = 0; round < TYPING_RUNS; round++) {
    for (const [index, page] of pages.entries()) {
      const tab = await context.newPage();
      await tab.goto(page.url(rows));
      await tab.getByLabel(QTY_CELL, { exact: true }).waitFor();
      times[index].push(...(await timeTyping(tab, QTY_CELL, KEYSTROKES_PER_RUN)).work);
      await tab.close();
    }
  }
  return times;
}

async function measure(browser: Browser, base: string): Promise<Figure[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await watchFirstPaintOf(context, `input[aria-label="${QTY_CELL}"]`);
  const editor: Page = { name: 'bill form', url: (rows) => `${base}${EDITOR_PAGE}?type=${BILL_TYPE}&rows=${rows}` };
  const plain: Page = { name: 'plain React table', url: (rows) => `${base}${PLAIN_TABLE_PAGE}?rows=${rows}` };
  const figures: Figure[] = [];
  for (const rows of SIZES) {
    const [editorMounts, plainMounts] = await mountTimes(context, [editor, plain], rows);
    const [editorKeys, plainKeys] = await keystrokeTimes(context, [editor, plain], rows);
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
        name: `${lines}: keystroke in QTY (${editorKeys.length} keys)`,
        value: keystroke,
        unit: 'ms',
        baseline: { name: `${plain.name}, same lines`, value: median(plainKeys) },
        target: atMost(16, 'ms')(keystroke),
      },
    );
  }
  await context.close();
  return figures;
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
