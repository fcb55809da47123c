/**
 * Part of `npm run build`: the server compiled into dist/server/, so a production install (`npm ci --omit=dev`)
 * runs it with plain node, without tsx or any other development package. One ESM bundle per entry
 * (scripts/server-entries.ts); the packages stay imports, resolved from node_modules at run time.
 */
import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { ROOT, SERVER_DIST, SERVER_ENTRIES, SERVER_METAFILE } from './server-entries';

const result = await build({
  absWorkingDir: ROOT,
  entryPoints: SERVER_ENTRIES,
  outdir: SERVER_DIST,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
writeFileSync(SERVER_METAFILE, JSON.stringify(result.metafile));
console.log(`wrote ${SERVER_DIST} (${Object.keys(SERVER_ENTRIES).length} entries)`);
