/**
 * `npm run bench:wire` (issue 43): what the operator waits for when a screen is opened cold, measured on the
 * wire in Debian's Chromium from the real server (SQLite) serving the production build with its compressed
 * copies. Per screen (sign-in, the tax invoice's create screen, its list, a 10-line bill's edit screen, Reports,
 * Receivables): the bytes received cold (as sent: compressed, headers included; the scripts among them), and the
 * cold load to a usable screen under DevTools' emulated "slow 4G" and "4G"; for the create screen also a warm
 * load (the same browser again, its cache holding the hashed assets). Each beside the same run's floor: a static
 * page of the same HTML (the screen as it stood usable, its scripts removed, its stylesheets kept) served by the
 * same server on the same network. `RUNS=1 npm run bench:wire` is a quick check that all completes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createRoute, editRoute, listRoute } from '../../src/app/paths';
import { receivablesRoute } from '../../src/app/receivables/receivables-path';
import { loadRegistry } from '../../src/server/schema-files';
import { launchChromium } from '../../tests/e2e/support/browser';
import { bytesOf, scriptsOf, type Transfer } from '../../tests/e2e/support/transfers';
import { inputReady } from './support/click-timing';
import { RUNS } from './support/click-runs';
import { atBenchEnd } from './support/cleanup';
import { coldVisit, type Load, type Network, type Screen } from './support/cold-loads';
import { atMost, median, runIfMain, type Figure } from './support/report';
import { seedBills } from './support/seed-bills';
import { startBenchServer, type BenchServer } from './support/server';
import { sharedWebBuild } from './support/shared-builds';

const registry = loadRegistry();
const BILL_TYPE = registry.byType('taxinvoice')!;
const UNIT = registry.units.find((unit) => unit.slug === BILL_TYPE.unit)!;
const FIRST_LINE = `${BILL_TYPE.rowsField.rows!.fields.find((field) => !field.rowNumber && !field.rows && !field.productOf)!.title}, Sr. No. 1`;
const BILL_NUMBER = BILL_TYPE.roles.billNumber.title;
const SEEDED = { bills: 50, lines: 10 };
const KB = 1000;

/** DevTools' throttling as the issue names it; "4G" sends at DevTools' Fast 4G's 1.5 Mbit/s (the issue gives none). */
const SLOW_4G: Network = { name: 'slow 4G', latencyMs: 150, downloadBitsPerSecond: 1.6e6, uploadBitsPerSecond: 750e3 };
const FAST_4G: Network = { name: '4G', latencyMs: 40, downloadBitsPerSecond: 9e6, uploadBitsPerSecond: 1.5e6 };
/** Targets for the create screen, the one the operator opens most. */
const CREATE_TARGETS = { [SLOW_4G.name]: 2500, [FAST_4G.name]: 1000, warm: 300 };

const notBusy = `!document.querySelector('main [aria-busy="true"], .list-loading, .page-loading')`;
const SCREENS: (Screen & { slug: string })[] = [
  {
    slug: 'sign-in',
    name: 'sign-in',
    path: '/',
    signedIn: false,
    usable: `!!document.querySelector('input[type="password"]') && [...document.querySelectorAll('button')].some((button) => button.textContent.trim() === 'Login')`,
  },
  {
    slug: 'create',
    name: `${BILL_TYPE.menuLabel} create screen`,
    path: createRoute(BILL_TYPE),
    signedIn: true,
    usable: `${inputReady(FIRST_LINE, /^$/)} && ${inputReady(BILL_NUMBER, /^\d+$/)}`,
  },
  { slug: 'list', name: `${BILL_TYPE.menuLabel} list`, path: listRoute(BILL_TYPE), signedIn: true, usable: `!!document.querySelector('main tbody tr') && ${notBusy}` },
  { slug: 'edit', name: `edit screen (${SEEDED.lines} lines)`, path: editRoute(BILL_TYPE, 1), signedIn: true, usable: inputReady(FIRST_LINE, /\S/) },
  { slug: 'reports', name: 'Reports', path: '/reports', signedIn: true, usable: `!!document.querySelector('.report-totals') && ${notBusy}` },
  { slug: 'receivables', name: 'Receivables', path: receivablesRoute(UNIT), signedIn: true, usable: `!!document.querySelector('.receivables-table tbody tr') && ${notBusy}` },
];

/** The page as it stands, its scripts and module preloads removed: what the browser shows, without the app. */
const STATIC_COPY = `(() => {
  const copy = document.documentElement.cloneNode(true);
  copy.querySelectorAll('script, link[rel="modulepreload"]').forEach((element) => element.remove());
  return '<!doctype html>' + copy.outerHTML;
})()`;

const FLOOR_USABLE = `document.readyState === 'complete'`;

interface Measured {
  screen: Screen;
  floor: Screen;
  cold: Record<string, Load[]>;
  floorCold: Record<string, Load[]>;
}

/**
 * An unthrottled visit first (the server's first answers, not timed), whose usable page becomes the floor's
 * static copy, written into the served build.
 */
async function floorOf(browser: Browser, server: BenchServer, webRoot: string, screen: Screen & { slug: string }): Promise<Screen> {
  const visit = await coldVisit(browser, server.url, server.token, screen);
  try {
    mkdirSync(join(webRoot, 'wire-floor'), { recursive: true });
    writeFileSync(join(webRoot, 'wire-floor', `${screen.slug}.html`), (await visit.page.evaluate(STATIC_COPY)) as string);
  } finally {
    await visit.context.close();
  }
  return { name: `static copy of ${screen.name}`, path: `/wire-floor/${screen.slug}.html`, signedIn: false, usable: FLOOR_USABLE };
}

async function coldLoad(browser: Browser, server: BenchServer, screen: Screen, network: Network): Promise<Load> {
  const visit = await coldVisit(browser, server.url, server.token, screen, network);
  await visit.context.close();
  return visit.cold;
}

/** Warm loads: a cold load (not timed) then the same screen again in the same browser, RUNS times each. */
async function warmLoads(browser: Browser, server: BenchServer, screen: Screen, network: Network): Promise<Load[]> {
  const loads: Load[] = [];
  for (let run = 0; run < RUNS; run++) {
    const visit = await coldVisit(browser, server.url, server.token, screen, network);
    loads.push(await visit.warm());
    await visit.context.close();
  }
  return loads;
}

const medianMs = (loads: Load[]) => median(loads.map((load) => load.ms));
const medianKb = (loads: Load[], pick: (transfers: Transfer[]) => Transfer[] = (transfers) => transfers) =>
  median(loads.map((load) => bytesOf(pick(load.transfers)))) / KB;

/** How the screen's scripts came: by encoding, e.g. "br 12". */
function encodings(load: Load): string {
  const counts = new Map<string, number>();
  for (const { encoding } of scriptsOf(load.transfers)) counts.set(encoding || 'identity', (counts.get(encoding || 'identity') ?? 0) + 1);
  return [...counts].map(([encoding, count]) => `${encoding} ${count}`).join(', ');
}

async function measure(browser: Browser, server: BenchServer, webRoot: string, screen: Screen & { slug: string }): Promise<Measured> {
  const floor = await floorOf(browser, server, webRoot, screen);
  const measured: Measured = { screen, floor, cold: {}, floorCold: {} };
  for (const network of [SLOW_4G, FAST_4G]) {
    measured.cold[network.name] = [];
    measured.floorCold[network.name] = [];
    // Screen and floor in turn, so the machine's load moves both alike.
    for (let run = 0; run < RUNS; run++) {
      measured.cold[network.name].push(await coldLoad(browser, server, screen, network));
      measured.floorCold[network.name].push(await coldLoad(browser, server, floor, network));
    }
  }
  return measured;
}

function figuresOf({ screen, floor, cold, floorCold }: Measured, isCreate: boolean): Figure[] {
  const loads = cold[SLOW_4G.name];
  const figures: Figure[] = [
    {
      part: 'Wire',
      name: `${screen.name}: bytes received cold (scripts ${medianKb(loads, scriptsOf).toFixed(0)} KB: ${encodings(loads[0])})`,
      value: medianKb(loads),
      unit: 'KB',
      baseline: { name: floor.name, value: medianKb(floorCold[SLOW_4G.name]) },
    },
  ];
  for (const network of [SLOW_4G, FAST_4G]) {
    const value = medianMs(cold[network.name]);
    figures.push({
      part: 'Wire',
      name: `${screen.name}: cold load to usable, ${network.name} (${RUNS} runs)`,
      value,
      unit: 'ms',
      baseline: { name: `${floor.name}, same network`, value: medianMs(floorCold[network.name]) },
      ...(isCreate ? { target: atMost(CREATE_TARGETS[network.name], 'ms')(value) } : {}),
    });
  }
  return figures;
}

async function warmFigure(browser: Browser, server: BenchServer, { screen, floor }: Measured): Promise<Figure> {
  const value = medianMs(await warmLoads(browser, server, screen, FAST_4G));
  return {
    part: 'Wire',
    name: `${screen.name}: warm load to usable (cached), ${FAST_4G.name} (${RUNS} runs)`,
    value,
    unit: 'ms',
    baseline: { name: `${floor.name}, warm, same network`, value: medianMs(await warmLoads(browser, server, floor, FAST_4G)) },
    target: atMost(CREATE_TARGETS.warm, 'ms')(value),
  };
}

export async function benchWire(): Promise<Figure[]> {
  const web = await sharedWebBuild();
  const server = await startBenchServer({ WEB_ROOT: web.outDir });
  atBenchEnd(() => server.stop());
  await seedBills(server.dataDir, BILL_TYPE, SEEDED.bills, { linesPerBill: SEEDED.lines, figures: true });
  const browser = await launchChromium();
  try {
    const figures: Figure[] = [];
    for (const screen of SCREENS) {
      const measured = await measure(browser, server, web.outDir, screen);
      figures.push(...figuresOf(measured, screen.slug === 'create'));
      if (screen.slug === 'create') figures.push(await warmFigure(browser, server, measured));
    }
    return figures;
  } finally {
    await browser.close();
  }
}

await runIfMain(import.meta.url, benchWire);
