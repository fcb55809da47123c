/**
 * `npm run bench:bundle`: the JavaScript of a create screen for a signed-in operator (every script the browser
 * fetches to show it: issue 19's figure) and the first load (the sign-in page), gzip, beside a page of React
 * and the router alone built the same way (the floor of any app on this stack), and what each lazy screen adds.
 * That the first load carries no ajv compiler and no pdfmake is a test: tests/e2e/bundle.test.ts. Sizes only: what
 * a screen costs the operator is measured as transferred, with its targets, by the Wire part (wire.ts).
 */
import { runIfMain, type Figure } from './support/report';
import { RUNTIME_FLOOR_PAGE, sharedBenchPages, sharedWebBuild } from './support/shared-builds';
import { loadRegistry } from '../../src/server/schema-files';
import { createScreenChunks, firstLoadChunks, firstLoadCss, firstLoadJsGzip, gzipBytes, type WebBuild } from './support/web-build';

const KIB = 1024;

function lazyScreenBytes(web: WebBuild, screen: string): number {
  const chunk = web.chunks.find((candidate) => candidate.name === screen);
  if (!chunk) throw new Error(`No ${screen} chunk in the build: the route is no longer split`);
  return gzipBytes(chunk.code);
}

/** The largest create screen of any bill type: every script the browser fetches to show it to a signed-in operator. */
function largestCreateScreen(web: WebBuild): { type: string; bytes: number; chunks: number } {
  const sizes = loadRegistry().billTypes.map(({ type }) => {
    const chunks = createScreenChunks(web, type);
    return { type, bytes: chunks.reduce((sum, chunk) => sum + gzipBytes(chunk.code), 0), chunks: chunks.length };
  });
  return sizes.reduce((largest, size) => (size.bytes > largest.bytes ? size : largest));
}

export async function benchBundle(): Promise<Figure[]> {
  const [web, pages] = await Promise.all([sharedWebBuild(), sharedBenchPages()]);
  const firstLoad = firstLoadChunks(web);
  const jsKiB = firstLoadJsGzip(web) / KIB;
  const cssBytes = firstLoadCss(web).reduce((sum, asset) => sum + gzipBytes(asset.source), 0);
  const floor = { name: 'page of React + router only', value: firstLoadJsGzip(pages, RUNTIME_FLOOR_PAGE) / KIB };
  const create = largestCreateScreen(web);
  return [
    {
      part: 'Bundle',
      name: `create screen, all its JS, gzip (${create.type}, ${create.chunks} chunks)`,
      value: create.bytes / KIB,
      unit: 'KiB',
      baseline: floor,
    },
    {
      part: 'Bundle',
      name: `first-load JS, gzip (${firstLoad.length} chunks)`,
      value: jsKiB,
      unit: 'KiB',
      baseline: floor,
    },
    { part: 'Bundle', name: 'first-load CSS, gzip', value: cssBytes / KIB, unit: 'KiB' },
    { part: 'Bundle', name: 'form screen adds (lazy), gzip', value: lazyScreenBytes(web, 'EditorPage') / KIB, unit: 'KiB' },
    { part: 'Bundle', name: 'list screen adds (lazy), gzip', value: lazyScreenBytes(web, 'BillListPage') / KIB, unit: 'KiB' },
  ];
}

await runIfMain(import.meta.url, benchBundle);
