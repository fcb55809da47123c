/**
 * Keystroke latency of the bill editor in real Chromium (Debian's), production build: opens a bill of
 * 300 lines, types into a line and into the header, and prints input-to-next-frame times. Also saves
 * screenshots at 1280 px and tablet width for a look. Run: npx tsx tests/component/form/browser/keystroke-bench.ts
 * (`npm run bench:form` times the same page at 300 and 1,000 lines beside a plain React table.)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import react from '@vitejs/plugin-react';
import { timeTyping, type KeystrokeTimes } from '../../../../scripts/bench/support/page-timing';

const ROWS = 300;
const KEYSTROKES = 60;
const outDir = mkdtempSync(join(tmpdir(), 'bill-bench-'));

function report(times: KeystrokeTimes): string {
  return `work ${summary(times.work)}; to next frame ${summary(times.frame)}`;
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`;
}

await build({
  configFile: false,
  root: process.cwd(),
  logLevel: 'warn',
  plugins: [react()],
  build: { outDir, emptyOutDir: true, rollupOptions: { input: 'tests/component/form/browser/index.html' } },
});
const server = await preview({ configFile: false, root: process.cwd(), build: { outDir }, preview: { port: 4319, strictPort: false } });
const base = server.resolvedUrls!.local[0];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  for (const [type, line, header] of [
    ['taxinvoice', 'QTY, Sr. No. 1', 'Client Company Name'],
    ['taxservice', 'Rate, Sr. No. 1, service 1', 'Client Company Name'],
  ]) {
    const started = Date.now();
    await page.goto(`${base}tests/component/form/browser/index.html?type=${type}&rows=${ROWS}`);
    await page.getByLabel(line, { exact: true }).waitFor();
    const mount = Date.now() - started;
    console.log(`${type}, ${ROWS} lines: open ${mount} ms; typing in a line: ${report(await timeTyping(page, line, KEYSTROKES))}`);
    console.log(`${type}, ${ROWS} lines: typing in the header: ${report(await timeTyping(page, header, KEYSTROKES))}`);
  }
  for (const [type, width, rows] of [
    ['taxinvoice', 1280, 0],
    ['taxservice', 1280, 2],
    ['taxinvoice', 820, 2],
  ] as const) {
    await page.setViewportSize({ width, height: 1000 });
    await page.goto(`${base}tests/component/form/browser/index.html?type=${type}&rows=${rows}`);
    await page.getByLabel('Invoice No.').waitFor();
    await page.screenshot({ path: join(outDir, `${type}-${width}-${rows}.png`), fullPage: true });
  }
  console.log(`screenshots in ${outDir}`);
} finally {
  await browser.close();
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
}
