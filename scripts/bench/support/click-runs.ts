/**
 * Runs of one timed click (issue 35): set up untimed, clicked and timed, put back untimed; the median figure, and
 * for a figure over its target one more run under Chromium's profiler, printed (support/page-profile.ts).
 */
import type { Page } from 'playwright-core';
import { profiledClick } from './page-profile';
import { atMost, median, type Figure } from './report';

/** Measured runs per figure, after one warm-up run (the screen's chunks, the API's first answers). */
export const RUNS = Number(process.env.RUNS ?? 5);

/** One timed click, set up by a Prepare (not timed); `after` puts the page back for the next round (not timed). */
export interface Click {
  click(): Promise<number>;
  after?(): Promise<void>;
}
export type Prepare = (page: Page) => Promise<Click>;

export interface Measured {
  name: string;
  times: number[];
  target: number;
  prepare: Prepare;
}

export async function timedRuns(page: Page, prepare: Prepare): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round <= RUNS; round++) {
    const { click, after } = await prepare(page);
    const time = await click();
    await after?.();
    if (round > 0) times.push(time);
  }
  return times;
}

export async function measured(page: Page, name: string, target: number, prepare: Prepare): Promise<Measured> {
  return { name, target, prepare, times: await timedRuns(page, prepare) };
}

/** The figure; over its target, one more run under the profiler, printed: what bounds it. */
export async function figureOf(page: Page, { name, times, target, prepare }: Measured, baseline: Figure['baseline']): Promise<Figure> {
  const value = median(times);
  const figure: Figure = { part: 'Clicks', name, value, unit: 'ms', baseline, target: atMost(target, 'ms')(value) };
  if (!figure.target!.met) {
    const { click, after } = await prepare(page);
    console.log(`\n${await profiledClick(page, name, click)}\n`);
    await after?.();
  }
  return figure;
}
