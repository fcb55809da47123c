/**
 * One table for every part: each figure beside the baseline measured in the same run (the machine is
 * shared and noisy, so a figure alone says little), their ratio, and the target.
 */
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { benchEnded } from './cleanup';

export interface Figure {
  part: string;
  name: string;
  value: number;
  unit: string;
  /** What the same run measured for a floor or a simpler thing doing the same job, in the same unit. */
  baseline?: { name: string; value: number };
  target?: { text: string; met: boolean };
}

export const median = (values: number[]): number => percentile(values, 0.5);

/** How long one call takes, in ms. */
export async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** The median of `count` timed calls after one untimed warm-up (round -1); each call is told its round. */
export async function medianOfRounds(count: number, run: (round: number) => Promise<unknown>): Promise<number> {
  await run(-1);
  const times: number[] = [];
  for (let round = 0; round < count; round++) times.push(await timed(() => run(round)));
  return median(times);
}

/** Nearest-rank percentile (q in 0..1) of the values. */
export function percentile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export const atMost = (limit: number, unit: string) => (value: number) => ({
  text: `<= ${limit} ${unit}`,
  met: value <= limit,
});
export const atLeast = (limit: number, unit: string) => (value: number) => ({
  text: `>= ${limit} ${unit}`,
  met: value >= limit,
});

/** A target relative to the same run's baseline (the "at most 1.2x a plain page"). */
export const atMostTimes = (ratio: number, baseline: number) => (value: number) => ({
  text: `<= ${ratio}x baseline`,
  met: value <= ratio * baseline,
});

/** The machine as it is while the figures are taken: other engineers' runs share these cores. */
export function machineLine(): string {
  const [one, five] = loadavg();
  const cpu = cpus();
  return (
    `${cpu.length} x ${cpu[0]?.model.trim() ?? 'cpu'}, Node ${process.version}, ` +
    `load average ${one.toFixed(1)} (1 min) ${five.toFixed(1)} (5 min), ${new Date().toISOString().slice(0, 16)}Z`
  );
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(1);
}

export function formatTable(figures: Figure[]): string {
  const header = ['part', 'figure', 'value', 'baseline', 'baseline value', 'ratio', 'target', 'met'];
  const rows = figures.map((figure) => [
    figure.part,
    figure.name,
    `${formatNumber(figure.value)} ${figure.unit}`,
    figure.baseline?.name ?? '',
    figure.baseline ? `${formatNumber(figure.baseline.value)} ${figure.unit}` : '',
    // A baseline below the clock's resolution (autocannon counts whole milliseconds) has no ratio.
    figure.baseline && figure.baseline.value > 0 ? `${(figure.value / figure.baseline.value).toFixed(2)}x` : '',
    figure.target?.text ?? '',
    figure.target ? (figure.target.met ? 'yes' : 'NO') : '',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/**
 * Runs one part's benchmark when its file is the entry point (`npm run bench:<part>`) and prints its
 * table, then anything else that run asked for (`after`).
 */
export async function runIfMain(moduleUrl: string, bench: () => Promise<Figure[]>, after?: () => Promise<void>): Promise<void> {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  console.log(`Machine: ${machineLine()}`);
  try {
    const figures = await bench();
    console.log(formatTable(figures));
    console.log(`Machine after: ${machineLine()}`);
    await after?.();
  } finally {
    await benchEnded();
  }
}
