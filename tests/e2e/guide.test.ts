import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { walkGuide } from '../../scripts/docs/walk-guide';
import { useBrowserApp, type AppPage } from './support';

/**
 * Issue 44: the user guide's pictures are reached as `npm run docs:screenshots` reaches them (the same walk over
 * scripts/docs/guide-shots.ts, one server, one sign-in), and each screen must still show, inside the window, every
 * name the guide's text uses for it. A renamed button or title fails here before the guide is wrong.
 */
const e2e = useBrowserApp();

/** The messages the screen shows (toasts, a form's problems): why a name may be missing. */
async function shownAlerts(page: Page): Promise<string> {
  const texts = await page.getByRole('alert').filter({ visible: true }).allInnerTexts();
  return texts.length ? `; showing: ${texts.join(' | ')}` : '';
}

it('shows on every screen of the user guide the names its text uses', async () => {
  const pages: AppPage[] = [];
  const missing: string[] = [];
  await walkGuide({
    app: e2e.app,
    async open(viewport) {
      const opened = await e2e.open(viewport);
      pages.push(opened);
      return opened.page;
    },
    async onShot(shot, page, notShown) {
      if (notShown.length) missing.push(`${shot.file}: ${notShown.join(', ')} (at ${new URL(page.url()).pathname}${await shownAlerts(page)})`);
    },
  });
  // One assertion, so a missing name is reported with the page errors that may explain it.
  expect({ missing, errors: pages.flatMap(({ errors }) => errors) }).toEqual({ missing: [], errors: [] });
}, 300_000);
