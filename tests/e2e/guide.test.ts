import { expect, it } from 'vitest';
import { walkGuide } from '../../scripts/docs/walk-guide';
import { useBrowserApp, type AppPage } from './support';

/**
 * Issue 44: the user guide's pictures are reached as `npm run docs:screenshots` reaches them (the same walk over
 * scripts/docs/guide-shots.ts, one server, one sign-in), and each screen must still show, inside the window, every
 * name the guide's text uses for it. A renamed button or title fails here before the guide is wrong.
 */
const e2e = useBrowserApp();

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
    async onShot(shot, _page, notShown) {
      if (notShown.length) missing.push(`${shot.file}: ${notShown.join(', ')}`);
    },
  });
  expect(missing).toEqual([]);
  expect(pages.flatMap(({ errors }) => errors)).toEqual([]);
}, 300_000);
