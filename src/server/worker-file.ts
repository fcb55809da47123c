import { extname } from 'node:path';

/**
 * A worker module beside the module that starts it, named with that module's own extension: `render-worker.ts`
 * from source (tsx, vitest), `render-worker.js` from the compiled server, where scripts/build-server.ts writes
 * every worker as an entry of its own in dist/server/, beside the bundles that start them.
 */
export function workerBeside(name: string, moduleUrl: string): URL {
  return new URL(`./${name}${extname(new URL(moduleUrl).pathname)}`, moduleUrl);
}
