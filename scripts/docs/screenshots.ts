import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, openAppPage, ROOT, startApp } from '../../tests/e2e/support';
import { walkGuide } from './walk-guide';

/**
 * `npm run docs:screenshots`: the user guide's pictures taken again from the real app (`npm start`'s server on a
 * scratch DATA_DIR, Debian's Chromium), written to docs/guide/images/. Run it when a screen changes.
 */
const IMAGES = join(ROOT, 'docs/guide/images');
mkdirSync(IMAGES, { recursive: true });

const app = await startApp();
const browser = await launchChromium().catch(async (error: unknown) => {
  await app.stop();
  throw error;
});
const problems: string[] = [];
try {
  await walkGuide({
    app,
    open: async (viewport) => (await openAppPage(browser, app, viewport)).page,
    async onShot(shot, page, missing) {
      if (missing.length) problems.push(`${shot.file}: not on the screen: ${missing.join(', ')}`);
      // Finite animations (a toast sliding in) are taken as they end, so a picture never catches one half-way.
      await page.screenshot({ path: join(IMAGES, shot.file), animations: 'disabled' });
      console.log(`docs/guide/images/${shot.file}`);
    },
  });
} finally {
  await browser.close();
  await app.stop();
}
if (problems.length) {
  console.error(`The guide names what these screens no longer show:\n${problems.join('\n')}`);
  process.exitCode = 1;
}
