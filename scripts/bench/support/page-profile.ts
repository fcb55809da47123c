/**
 * What bounds a click that misses its target (issue 35): one more run of it under Chromium's sampling profiler (the
 * page's main thread, through the DevTools protocol), summarised as the server profiles are (cpu-profile.ts), with
 * what the page fetched after the click and how long each took: a waterfall of requests or a late chunk shows there.
 */
import type { Page } from 'playwright-core';
import { byFunction, byPlace, formatShares, idlePercent, type CpuProfile } from './cpu-profile';

const SAMPLING_MICROS = 250;
const REQUESTS_SHOWN = 40;

interface Fetched {
  name: string;
  start: number;
  duration: number;
}

/** The page's requests that started after the last timed click, in order (times from the click). */
async function fetchedAfterClick(page: Page): Promise<Fetched[]> {
  return page.evaluate(`(() => {
    const clicked = window.__clickStarted ?? 0;
    return performance.getEntriesByType('resource')
      .filter((entry) => entry.startTime >= clicked)
      .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime - clicked, duration: entry.duration }));
  })()`) as Promise<Fetched[]>;
}

/** Runs `click` (one timed click to ready) under the profiler and returns the summary to print. */
export async function profiledClick(page: Page, figure: string, click: () => Promise<number>): Promise<string> {
  await page.evaluate('performance.clearResourceTimings()');
  const cdp = await page.context().newCDPSession(page);
  let time: number;
  let profile: CpuProfile;
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_MICROS });
    await cdp.send('Profiler.start');
    try {
      time = await click();
    } finally {
      profile = (await cdp.send('Profiler.stop')).profile as CpuProfile;
    }
  } finally {
    await cdp.detach();
  }
  const fetched = await fetchedAfterClick(page);
  const requests = fetched
    .slice(0, REQUESTS_SHOWN)
    .map((entry) => `  ${entry.start.toFixed(0).padStart(5)} ms +${entry.duration.toFixed(0).padStart(4)} ms  ${entry.name}`);
  return [
    `Profile of "${figure}" (one more run under the profiler: ${time.toFixed(0)} ms; the page's main thread idle ${idlePercent(profile).toFixed(0)}% of it, waiting on the network, the server or a timer):`,
    `Requests after the click (start, duration; ${fetched.length} in all):`,
    ...requests,
    formatShares('Main thread self time by script or V8 bucket ((program) is the browser: style, layout, paint):', byPlace(profile, 8)),
    formatShares('Main thread self time by function:', byFunction(profile, 10)),
  ].join('\n');
}
