import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressedCopies } from './scripts/precompress';

/** A module of src/engine/react/build-stubs/: each says why the library code it replaces never runs here. */
const stub = (file: string) => fileURLToPath(new URL(`./src/engine/react/build-stubs/${file}`, import.meta.url));
const axiosFetchAdapterStub = fileURLToPath(new URL('./src/app/build-stubs/axios-fetch-adapter.ts', import.meta.url));

/** axios in the browser sends with XMLHttpRequest: its fetch adapter is replaced (see the stub for why). */
const axiosWithoutFetchAdapter: Plugin = {
  name: 'axios-without-fetch-adapter',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === './fetch.js' && importer?.replaceAll('\\', '/').includes('/node_modules/axios/lib/adapters/')) return axiosFetchAdapterStub;
    return null;
  },
};

/** A schema's $comment (notes for its maintainers, which the engine drops on reading) is left out of the bundle. */
function withoutComments(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutComments);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).filter(([key]) => key !== '$comment').map(([key, value]) => [key, withoutComments(value)]));
}

const schemaCommentsLeftOut: Plugin = {
  name: 'schema-comments-left-out',
  enforce: 'pre',
  transform(code, id) {
    if (!/\/schemas\/.*\.json$/.test(id.replaceAll('\\', '/'))) return null;
    return { code: JSON.stringify(withoutComments(JSON.parse(code))), map: null };
  },
};

export default defineConfig({
  plugins: [react(), axiosWithoutFetchAdapter, schemaCommentsLeftOut, precompressedCopies()],
  resolve: {
    // What rjsf carries but a bill form never uses stays out of the create screen's JavaScript (issue 19).
    alias: [
      { find: 'markdown-to-jsx/react', replacement: stub('plain-markdown.tsx') },
      { find: 'fast-uri', replacement: stub('uri-resolver.ts') },
      { find: 'fast-equals', replacement: stub('deep-equals.ts') },
      { find: /^@x0k\/json-schema-merge(\/lib\/array)?$/, replacement: stub('schema-merge.ts') },
      // rjsf core's getDefaultRegistry imports its default widgets and fields by these relative paths.
      { find: /^\.\/components\/widgets\/index\.js$/, replacement: stub('no-default-widgets.ts') },
      { find: /^\.\/components\/fields\/index\.js$/, replacement: stub('bill-fields.ts') },
    ],
  },
  // Chromium, Firefox and Safari all preload modules natively; the polyfill would only add bytes.
  build: {
    outDir: 'dist/web',
    sourcemap: true,
    modulePreload: { polyfill: false },
    // The schema parts that several bill types read (client block, lines, transport ...) travel as one file: a type's
    // screen asks for its own module and this, not a request per part. A part one type reads stays in its module.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'schema-parts', test: /\/schemas\/parts\//, minShareCount: 2 }] } } },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
