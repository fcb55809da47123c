/**
 * Builds the web app of the checkout it runs in (a scratch build, dist/web untouched) and prints, as JSON, what a
 * bill type's create and edit screens load (screenChunks). `tsx scripts/bench/support/print-screen-chunks.ts <type>`:
 * tests/e2e/bundle.test.ts runs it in a checkout with a maintainer's variant files added.
 */
import { buildWebApp, EDIT_SCREEN, EDITOR_SCREEN, screenChunks } from './web-build';

const type = process.argv[2];
if (!type) throw new Error('usage: print-screen-chunks.ts <bill type>');
const web = await buildWebApp();
try {
  const root = process.cwd();
  const answer = { create: screenChunks(web, root, type, EDITOR_SCREEN), edit: screenChunks(web, root, type, EDIT_SCREEN) };
  process.stdout.write(`${JSON.stringify(answer)}\n`);
} finally {
  web.remove();
}
