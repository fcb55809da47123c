import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppPage, RunningApp } from '../../support';
import { ROOT } from '../../support';

/** Git-ignored; CI can keep it as a build artifact. */
export const ARTIFACTS_DIR = join(ROOT, '.test-artifacts', 'journeys');

/**
 * Runs a journey; if it fails, keeps a full-page screenshot, the page's console (every message, not
 * only errors), its address and the server's output in a folder whose path the failure names.
 */
export async function keepArtifactsOnFailure(name: string, appPage: AppPage, app: RunningApp, journey: () => Promise<void>) {
  const { page } = appPage;
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(`[${message.type()}] ${message.text()}`));
  page.on('pageerror', (error) => consoleLines.push(`[pageerror] ${error.stack ?? error.message}`));
  try {
    await journey();
  } catch (error) {
    const dir = join(ARTIFACTS_DIR, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, 'screenshot.png'), fullPage: true }).catch((why: Error) => {
      consoleLines.push(`[screenshot failed] ${why.message}`);
    });
    writeFileSync(join(dir, 'console.log'), `${consoleLines.join('\n')}\n`);
    writeFileSync(join(dir, 'page-url.txt'), `${page.url()}\n`);
    writeFileSync(join(dir, 'server.log'), await app.output());
    console.error(`Journey "${name}" failed: screenshot and console kept in ${dir}`);
    if (error instanceof Error) error.message += `\n(screenshot and console: ${dir})`;
    throw error;
  }
}
