/**
 * Timing a page in Chromium. The callbacks run in the page, so they define no named helpers (tsx would
 * wrap those in a `__name` call the page does not have).
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface KeystrokeTimes {
  /** From keydown until React has rendered and committed and the layout is computed (forced). */
  work: number[];
  /** From keydown until the next animation frame (vsync rounds it up to ~16.7 ms). */
  frame: number[];
}

/** Types `keystrokes` characters (digits, or `text` over and over) into the input named `label`, one at a time, timing each. */
export async function timeTyping(page: Page, label: string, keystrokes: number, text = '0123456789'): Promise<KeystrokeTimes> {
  await page.getByLabel(label, { exact: true }).click();
  return page.evaluate(async ({ count, keys }) => {
    const input = document.activeElement as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const work: number[] = [];
    const frame: number[] = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const key = keys[i % keys.length];
      input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      setter.call(input, `${input.value}${key}`);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // The next task comes after React's render and commit; reading a size then forces style and layout.
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
      void document.body.offsetHeight;
      work.push(performance.now() - started);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      frame.push(performance.now() - started);
    }
    return { work, frame };
  }, { count: keystrokes, keys: text });
}

declare global {
  interface Window {
    /** When the watched element was first painted, from navigation start. */
    __benchMount?: Promise<number>;
  }
}

/**
 * Makes every page of the context record when `selector` first shows: the end of the frame that paints
 * it, from navigation start. Attribute and text changes count too (a table that stops being busy).
 */
export async function watchFirstPaintOf(context: BrowserContext, selector: string): Promise<void> {
  await context.addInitScript({
    content: `window.__benchMount = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector(${JSON.stringify(selector)})) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
      });
      observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
    });`,
  });
}

export interface FirstPaint {
  /** The page, left open for more. */
  page: Page;
  /** Navigation start to the frame that paints the watched element. */
  open: number;
  /** From the page's scripts having arrived to that frame: parse, evaluate, render, commit, layout, paint. */
  mount: number;
}

/** Opens `url` in a fresh page of the watched context and times the watched element's first paint. */
export async function openTimed(context: BrowserContext, url: string): Promise<FirstPaint> {
  const page = await context.newPage();
  await page.goto(url);
  const times = await page.evaluate(async () => {
    const painted = await window.__benchMount!;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'));
    const arrived = Math.max(0, ...scripts.map((entry) => (entry as PerformanceResourceTiming).responseEnd));
    return { open: painted, mount: painted - arrived };
  });
  return { page, ...times };
}
