import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildWebApp,
  EDIT_SCREEN,
  EDITOR_SCREEN,
  firstLoadChunks,
  LIST_SCREEN,
  screenChunks,
  typeScreenChunks,
  type ScreenChunks,
  type WebBuild,
} from '../../scripts/bench/support/web-build';
import { loadRegistry } from '../../src/server/schema-files';

/**
 * Issue 9: the browser gets precompiled validators, not ajv's compiler, and never pdfmake (PDFs are
 * made by the server); the form and list screens load on demand. Checked on the modules each chunk of
 * a production build holds, so minification cannot hide them.
 */
const AJV_COMPILER = [/\/node_modules\/ajv\/(?!dist\/runtime\/)/, /\/node_modules\/@rjsf\/validator-ajv8\//, /\/src\/engine\/ajv-compile\.ts$/];
const PDF_MAKERS = [/\/node_modules\/pdfmake\//, /\/node_modules\/pdfkit\//, /\/src\/pdf\//];
const SCREEN_ONLY = [/\/node_modules\/@rjsf\//, /\/node_modules\/@tanstack\//];
const CHART_LIBRARY = [/\/node_modules\/recharts\//];
const OTHER_SCREENS = [/\/src\/app\/bills\//, /\/src\/engine\/react\//];
/** What rjsf carries that a bill form never runs (vite.config.ts replaces each with a stub that says why). */
const UNUSED_BY_FORMS = [
  /\/node_modules\/markdown-to-jsx\//,
  /\/node_modules\/fast-uri\//,
  /\/node_modules\/fast-equals\//,
  /\/node_modules\/@x0k\/json-schema-merge\//,
  /\/node_modules\/@rjsf\/core\/lib\/components\/widgets\//,
  /\/node_modules\/@rjsf\/core\/lib\/components\/fields\/(ArrayField|LayoutGridField|MultiSchemaField)\.js$/,
];
/** axios sends with XMLHttpRequest in browsers; vite.config.ts replaces its fetch adapter. */
const AXIOS_FETCH_ADAPTER = [/\/node_modules\/axios\/lib\/adapters\/fetch\.js$/];
/** A bill type's own modules: its precompiled validator, its module (schema files and validator), its bill file. */
const VALIDATOR = /\/src\/generated\/validators\/([^/]+)\.js$/;
const TYPE_MODULE = /\/src\/generated\/type-modules\/([^/]+)\.js$/;
const BILL_FILE = /\/schemas\/(bills\/[^/]+\.json)$/;
const billTypes = loadRegistry().billTypes;
const TAX_INVOICE = 'taxinvoice';

let web: WebBuild;
beforeAll(async () => {
  web = await buildWebApp();
});
afterAll(() => web?.remove());

const modulesOf = (chunks: WebBuild['chunks']) => chunks.flatMap((chunk) => chunk.moduleIds);
const matching = (modules: string[], patterns: RegExp[]) => modules.filter((id) => patterns.some((p) => p.test(id)));

describe('the browser bundle (issue 9)', () => {
  it('loads no bill type first; each screen of a type (create, edit, list) loads that type only: its schema files, its validator (issue 43)', () => {
    const typeModules = (modules: string[]) => ({
      validators: modules.flatMap((id) => VALIDATOR.exec(id)?.[1] ?? []),
      typeModules: modules.flatMap((id) => TYPE_MODULE.exec(id)?.[1] ?? []),
      billFiles: modules.flatMap((id) => BILL_FILE.exec(id)?.[1] ?? []),
    });
    expect(typeModules(modulesOf(firstLoadChunks(web)))).toEqual({ validators: [], typeModules: [], billFiles: [] });
    expect(matching(modulesOf(firstLoadChunks(web)), AJV_COMPILER)).toEqual([]);
    for (const { type, file } of billTypes) {
      const own = { validators: [type], typeModules: [type], billFiles: [file] };
      for (const screen of [EDITOR_SCREEN, EDIT_SCREEN, LIST_SCREEN]) {
        expect(typeModules(modulesOf(typeScreenChunks(web, type, screen))), `the ${type} screen of ${screen}`).toEqual(own);
      }
    }
  });

  // Issue 43: the proforma (a required Vehicle No.), a sales return note and a third unit with its own tax invoice.
  it("a maintainer's variant files (three bill types, a unit) leave a tax invoice's create and edit screens as they were, but for their index entries (under 1 KB as sent)", () => {
    const scratch = mkdtempSync(join(tmpdir(), 'billing-variant-'));
    try {
      execFileSync('bash', ['scripts/ci/variant-checkout.sh', scratch], { stdio: 'ignore' });
      const printed = execFileSync(join(scratch, 'node_modules/.bin/tsx'), ['scripts/bench/support/print-screen-chunks.ts', TAX_INVOICE], {
        cwd: scratch,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      const variant = JSON.parse(printed.trim().split('\n').pop()!) as Record<'create' | 'edit', ScreenChunks>;
      for (const [name, screen] of [['create', EDITOR_SCREEN], ['edit', EDIT_SCREEN]] as const) {
        const shipped = screenChunks(web, process.cwd(), TAX_INVOICE, screen);
        expect(variant[name].modules, `the ${name} screen's modules`).toEqual(shipped.modules);
        // Three bill types and a unit more in the index: a few hundred bytes as sent (gzip), 4.4 KB before.
        expect(variant[name].gzipBytes - shipped.gzipBytes, `the ${name} screen's JavaScript (gzip) grew by`).toBeLessThan(1024);
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it("carries none of rjsf's unused parts nor axios's fetch adapter", () => {
    expect(matching(modulesOf(web.chunks), UNUSED_BY_FORMS)).toEqual([]);
    expect(matching(modulesOf(web.chunks), AXIOS_FETCH_ADAPTER)).toEqual([]);
  });

  it('loads no pdfmake, PDFKit or PDF documents first', () => {
    expect(matching(modulesOf(firstLoadChunks(web)), PDF_MAKERS)).toEqual([]);
  });

  it('ships neither in any chunk, lazy ones included', () => {
    expect(matching(modulesOf(web.chunks), [...AJV_COMPILER, ...PDF_MAKERS])).toEqual([]);
  });

  it('splits the form (rjsf) and list (TanStack) screens off the first load', () => {
    expect(matching(modulesOf(web.chunks), SCREEN_ONLY).length).toBeGreaterThan(0);
    expect(matching(modulesOf(firstLoadChunks(web)), SCREEN_ONLY)).toEqual([]);
  });

  it('loads the chart library (recharts) with the Reports screen\'s chart only (issue 18)', () => {
    const chartChunks = web.chunks.filter((chunk) => matching(chunk.moduleIds, CHART_LIBRARY).length > 0);
    expect(chartChunks.length).toBeGreaterThan(0);
    expect(matching(modulesOf(firstLoadChunks(web)), CHART_LIBRARY)).toEqual([]);
    expect(matching(modulesOf(chartChunks), OTHER_SCREENS)).toEqual([]);
  });
});
