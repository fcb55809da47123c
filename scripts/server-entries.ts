import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where `npm run build` writes the compiled server (scripts/build-server.ts): one bundle per entry, side by side. */
export const SERVER_DIST = join(ROOT, 'dist/server');
/** esbuild's account of the build: every input and every import it left to node_modules. */
export const SERVER_METAFILE = join(SERVER_DIST, 'meta.json');

/**
 * The compiled server's entries: what `npm start`, `npm run server`, `operator`, `backup` and `restore` run, and
 * every worker the server starts by file (src/server/worker-file.ts finds them beside the bundle that starts them).
 */
export const SERVER_ENTRIES = {
  start: 'src/server/start.ts',
  main: 'src/server/main.ts',
  operator: 'src/server/cli/operator.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  'render-worker': 'src/server/pdf-pool/render-worker.ts',
  'report-read-worker': 'src/server/storage/report-read-worker.ts',
  'image-worker': 'src/server/profile/image-worker.ts',
} as const;

/** The compiled file of an entry given by its source path (`scripts/backup.ts`), or undefined for any other file. */
export function compiledEntry(source: string): string | undefined {
  const found = Object.entries(SERVER_ENTRIES).find(([, path]) => path === source);
  return found && join(SERVER_DIST, `${found[0]}.js`);
}
