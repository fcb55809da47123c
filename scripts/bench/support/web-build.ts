/**
 * Production builds into scratch folders, so dist/web (which servers of other runs may be serving) is
 * left alone. Production mode is set explicitly: vite keeps an inherited NODE_ENV (vitest sets `test`),
 * and React's development build would then be measured instead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig, type Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;
type OutputAsset = Rolldown.OutputAsset;

export interface WebBuild {
  outDir: string;
  chunks: OutputChunk[];
  assets: OutputAsset[];
  remove(): void;
}

async function productionBuild(config: InlineConfig): Promise<WebBuild> {
  const outDir = mkdtempSync(join(tmpdir(), 'billing-web-'));
  const previousEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const result = await build({
      ...config,
      mode: 'production',
      logLevel: 'warn',
      build: { ...config.build, outDir, emptyOutDir: true, sourcemap: false, reportCompressedSize: false },
    });
    const files = (Array.isArray(result) ? result : [result] as Rolldown.RolldownOutput[]).flatMap((output) => output.output);
    return {
      outDir,
      chunks: files.filter((file): file is OutputChunk => file.type === 'chunk'),
      assets: files.filter((file): file is OutputAsset => file.type === 'asset'),
      remove: () => rmSync(outDir, { recursive: true, force: true }),
    };
  } finally {
    if (previousEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previousEnv;
  }
}

/** The web app as `npm run build` builds it (the project's vite.config.ts, index.html). */
export function buildWebApp(): Promise<WebBuild> {
  return productionBuild({});
}

/** Stand-alone pages (HTML files below the project root), built the same way as the app. */
export function buildPages(pages: string[]): Promise<WebBuild> {
  return productionBuild({
    configFile: false,
    root: process.cwd(),
    plugins: [react()],
    // A bench page is one chunk by design (the editor and all it needs); the size warning is noise here.
    build: { rolldownOptions: { input: pages }, chunkSizeWarningLimit: 4096 },
  });
}

/**
 * What the browser loads before the first screen of a page (the app's index.html unless named): its
 * entry chunk and every chunk that imports statically.
 */
export function firstLoadChunks(web: WebBuild, page?: string): OutputChunk[] {
  const byName = new Map(web.chunks.map((chunk) => [chunk.fileName, chunk]));
  const entries = web.chunks.filter((chunk) => chunk.isEntry && (!page || chunk.facadeModuleId === resolve(page)));
  if (entries.length === 0) throw new Error(`No entry chunk for ${page ?? 'the app'} in the build`);
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    byName.get(fileName)?.imports.forEach(visit);
  };
  entries.forEach((chunk) => visit(chunk.fileName));
  return [...seen].map((fileName) => byName.get(fileName)!);
}

/** A chunk and every chunk it imports statically, added to `into`. */
function withStaticImports(web: WebBuild, chunk: OutputChunk, into: Map<string, OutputChunk>): void {
  if (into.has(chunk.fileName)) return;
  into.set(chunk.fileName, chunk);
  for (const fileName of chunk.imports) {
    const imported = web.chunks.find((candidate) => candidate.fileName === fileName);
    if (imported) withStaticImports(web, imported, into);
  }
}

/** The chunk whose entry module's path ends with `pathEnd` (a lazily loaded screen or validator). */
export function chunkOf(web: WebBuild, pathEnd: string): OutputChunk {
  const chunk = web.chunks.find((candidate) => candidate.facadeModuleId?.endsWith(pathEnd));
  if (!chunk) throw new Error(`No chunk for ${pathEnd} in the build: is it still loaded on demand?`);
  return chunk;
}

/**
 * Every script the browser fetches to show a bill type's screen to a signed-in operator: the first load, the
 * screen's chunk and what it imports, and the type's own module (its schema files and validator) with what it imports.
 */
export function typeScreenChunks(web: WebBuild, billType: string, screen: string): OutputChunk[] {
  const chunks = new Map<string, OutputChunk>();
  for (const chunk of firstLoadChunks(web)) chunks.set(chunk.fileName, chunk);
  withStaticImports(web, chunkOf(web, screen), chunks);
  withStaticImports(web, chunkOf(web, `/src/generated/type-modules/${billType}.js`), chunks);
  return [...chunks.values()];
}

export const EDITOR_SCREEN = '/src/app/bills/EditorPage.tsx';
export const LIST_SCREEN = '/src/app/bills/BillListPage.tsx';

export const EDIT_SCREEN = '/src/app/bills/EditBill.tsx';

/** The scripts of a bill type's create screen (typeScreenChunks). */
export const createScreenChunks = (web: WebBuild, billType: string) => typeScreenChunks(web, billType, EDITOR_SCREEN);

/** What a screen loads, comparable across checkouts: its modules (paths below `root`), JavaScript bytes and gzipped. */
export interface ScreenChunks {
  modules: string[];
  bytes: number;
  gzipBytes: number;
}

export function screenChunks(web: WebBuild, root: string, type: string, screen: string): ScreenChunks {
  const chunks = typeScreenChunks(web, type, screen);
  const modules = chunks.flatMap((chunk) => chunk.moduleIds).map((id) => (id.startsWith(root) ? id.slice(root.length) : id));
  const total = (size: (code: string) => number) => chunks.reduce((sum, chunk) => sum + size(chunk.code), 0);
  return { modules: [...new Set(modules)].sort(), bytes: total(Buffer.byteLength), gzipBytes: total(gzipBytes) };
}

/** The stylesheets a page links before its first screen. */
export function firstLoadCss(web: WebBuild, page?: string): OutputAsset[] {
  const names = new Set(firstLoadChunks(web, page).flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
  return web.assets.filter((asset) => names.has(asset.fileName));
}

export const gzipBytes = (source: string | Uint8Array): number => gzipSync(source, { level: 9 }).length;

export const firstLoadJsGzip = (web: WebBuild, page?: string): number =>
  firstLoadChunks(web, page).reduce((sum, chunk) => sum + gzipBytes(chunk.code), 0);
