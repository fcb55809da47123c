/**
 * The production build's Brotli and gzip copies of the web app's files, written beside each (`x-1a2b.js.br`,
 * `x-1a2b.js.gz`): the server sends the copy the browser accepts (@fastify/static's `preCompressed`), so no
 * request pays for compressing them, and they are compressed once at the formats' highest levels.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files that compress: text. Source maps are left to the server (served only with SOURCE_MAPS=1). */
const COMPRESSIBLE = /\.(?:html|m?js|css|json|svg|txt|xml|webmanifest)$/i;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export const COPIES: { extension: string; compress(data: Buffer): Promise<Buffer> }[] = [
  {
    extension: '.br',
    compress: (data) =>
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { extension: '.gz', compress: (data) => gzipped(data, { level: constants.Z_BEST_COMPRESSION }) },
];

/** Writes the file's copies; a copy no smaller than the file is not written, so the file itself is sent. */
export async function precompressFile(path: string): Promise<void> {
  const data = await readFile(path);
  await Promise.all(
    COPIES.map(async ({ extension, compress }) => {
      const copy = await compress(data);
      if (copy.length < data.length) await writeFile(`${path}${extension}`, copy);
    }),
  );
}

/** The copies of every compressible file among `files` (paths relative to `dir`). */
export async function precompressFiles(dir: string, files: string[]): Promise<void> {
  await Promise.all(files.filter((file) => COMPRESSIBLE.test(file)).map((file) => precompressFile(join(dir, file))));
}

/**
 * The vite plugin: once the app's build is written, its copies. Only a build of the app's page (its index.html):
 * Storybook's build inherits this config, and no server of ours sends its files.
 */
export function precompressedCopies(): Plugin {
  return {
    name: 'precompressed-copies',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (!options.dir || !('index.html' in bundle)) return;
      await precompressFiles(options.dir, Object.keys(bundle));
    },
  };
}
