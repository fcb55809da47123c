import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebApp, firstLoadChunks, type WebBuild } from '../../scripts/bench/support/web-build';

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

let web: WebBuild;
beforeAll(async () => {
  web = await buildWebApp();
});
afterAll(() => web?.remove());

const modulesOf = (chunks: WebBuild['chunks']) => chunks.flatMap((chunk) => chunk.moduleIds);
const matching = (modules: string[], patterns: RegExp[]) => modules.filter((id) => patterns.some((p) => p.test(id)));

describe('the browser bundle (issue 9)', () => {
  it('loads the precompiled validators first, and no ajv compiler', () => {
    const firstLoad = modulesOf(firstLoadChunks(web));
    expect(firstLoad.some((id) => id.endsWith('/src/generated/validators.js'))).toBe(true);
    expect(matching(firstLoad, AJV_COMPILER)).toEqual([]);
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
