/**
 * `npm run bench`: every part of the performance benchmarks (issue 9), one after another so that they do
 * not disturb each other, then one table of all figures with their baselines, ratios and targets. Lists,
 * Reports and Render share one server over 100,000 bills, seeded once (support/seeded-server.ts); Money in and
 * Clicks one over a year of money in (support/money-in-seed.ts). Each
 * part also runs alone: `npm run bench:<part>`. The machine line says how loaded the machine was.
 */
import { benchBundle } from './bench/bundle';
import { benchClicks } from './bench/clicks';
import { benchForm } from './bench/form';
import { benchImages } from './bench/images';
import { benchLists } from './bench/lists';
import { benchMoneyIn } from './bench/money-in';
import { benchPdf } from './bench/pdf';
import { benchRender } from './bench/render';
import { benchRecords } from './bench/records';
import { benchReports } from './bench/reports';
import { benchSave } from './bench/save';
import { benchStock } from './bench/stock';
import { benchWire } from './bench/wire';
import { benchEnded } from './bench/support/cleanup';
import { formatTable, machineLine, type Figure } from './bench/support/report';

const PARTS: [string, () => Promise<Figure[]>][] = [
  ['PDF', benchPdf],
  ['Save', benchSave],
  ['Form', benchForm],
  ['Lists', benchLists],
  ['Reports', benchReports],
  ['Render', benchRender],
  ['Bundle', benchBundle],
  ['Images', benchImages],
  ['Money in', benchMoneyIn],
  ['Stock', benchStock],
  ['Records', benchRecords],
  ['Wire', benchWire],
  // Last: it measures, from the operator's clicks, what every other part adds up to (issue 35).
  ['Clicks', benchClicks],
];

console.log(`Machine: ${machineLine()}`);
const started = performance.now();
const figures: Figure[] = [];
const failures: string[] = [];
for (const [part, bench] of PARTS) {
  const partStarted = performance.now();
  try {
    figures.push(...(await bench()));
    console.log(`${part}: done in ${((performance.now() - partStarted) / 1000).toFixed(0)} s`);
  } catch (error) {
    failures.push(`${part}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    console.log(`${part}: FAILED`);
  }
}
await benchEnded();
console.log(`\n${formatTable(figures)}\n`);
const missed = figures.filter((figure) => figure.target && !figure.target.met);
console.log(`Targets met: ${figures.filter((figure) => figure.target?.met).length} of ${figures.filter((figure) => figure.target).length}` +
  (missed.length ? ` (missed: ${missed.map((figure) => `${figure.part} ${figure.name}`).join('; ')})` : ''));
console.log(`Machine after: ${machineLine()}; all parts in ${((performance.now() - started) / 1000).toFixed(0)} s`);
if (failures.length > 0) {
  console.error(failures.join('\n\n'));
  process.exitCode = 1;
}
