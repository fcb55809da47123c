/**
 * Timing what the operator waits for after a click (issue 35), in the page itself: from the click's event to
 * the end of the frame that paints the screen ready. The scripts are text, so tsx adds no helpers to them.
 *
 * `ready` is checked on every animation frame after the click, not on DOM mutations: an input's value set by
 * React is a property, which no MutationObserver sees, so waiting on mutations could hang or stop late.
 */
import type { Locator, Page } from 'playwright-core';

declare global {
  interface Window {
    __clickToReady?: Promise<number>;
    /** The last timed click's event time (page clock), for what the page fetched after it. */
    __clickStarted?: number;
  }
}

/** Longer than any screen may take on a loaded machine; past it the bench fails and names what never came. */
const READY_TIMEOUT_MS = 30_000;

/**
 * Arms the page: the next click (or tap) starts the clock, which stops at the end of the first frame on whose
 * start `ready` (a page expression) holds: the frame that paints it.
 */
async function arm(page: Page, ready: string, what: string): Promise<void> {
  // Ends in `undefined`: evaluate would otherwise wait for the promise, which only the click settles.
  await page.evaluate(`window.__clickToReady = new Promise((resolve, reject) => {
    document.addEventListener('click', (event) => {
      const started = event.timeStamp;
      window.__clickStarted = started;
      const check = () => {
        // A task after the frame's paint was queued: the frame that shows the ready screen is done.
        if (${ready}) return setTimeout(() => resolve(performance.now() - started), 0);
        if (performance.now() - started > ${READY_TIMEOUT_MS}) return reject(new Error(${JSON.stringify(`Never ready within ${READY_TIMEOUT_MS / 1000} s of the click: ${what}`)}));
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    }, { capture: true, once: true });
  }); undefined`);
}

/**
 * Clicks `target` and returns the time from that click until `ready` holds on a painted frame. `what` names the
 * ready state in the error when it never comes.
 */
export async function clickToReady(page: Page, target: Locator, ready: string, what: string): Promise<number> {
  await target.waitFor();
  await arm(page, ready, what);
  await target.click();
  return (await page.evaluate('window.__clickToReady')) as number;
}

/**
 * A page expression: the input named `label` (by its aria-label, as a grid cell is, or by its <label>, as a header
 * field is) is on the page, enabled, and its value matches `value`; no part of the screen is still busy.
 */
export function inputReady(label: string, value: RegExp): string {
  const name = JSON.stringify(label);
  return `(() => {
    const named = [...document.querySelectorAll('input, textarea')].find((input) => input.getAttribute('aria-label') === ${name});
    const label = [...document.querySelectorAll('label')].find((element) => element.textContent.trim() === ${name});
    const input = named || (label && label.control);
    return !!input && !input.disabled && ${value.toString()}.test(input.value) && !document.querySelector('main [aria-busy="true"]');
  })()`;
}

/**
 * Waits (untimed) until `ready` holds, checked each animation frame. Not playwright's waitForFunction: that
 * evaluates its text with eval, which the app's Content-Security-Policy refuses.
 */
export async function waitUntilReady(page: Page, ready: string, what: string): Promise<void> {
  await page.evaluate(`new Promise((resolve, reject) => {
    const started = performance.now();
    const check = () => {
      if (${ready}) return resolve(undefined);
      if (performance.now() - started > ${READY_TIMEOUT_MS}) return reject(new Error(${JSON.stringify(`Never ready within ${READY_TIMEOUT_MS / 1000} s: ${what}`)}));
      requestAnimationFrame(check);
    };
    check();
  })`);
}
