// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { BillType } from '../../src/engine/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, TEST_CHROMIUM_PATH } from '../e2e/support/browser';
import { ROOT } from '../e2e/support/server';
import { storyRegistry as registry } from '../../src/stories/support/story-registry';
import { serveDirectory, type StaticSite } from './support/static-server';

/**
 * `storybook build` as CI and designers run it, opened in Chromium: every story of the index renders
 * and plays through without an error. Unlike the jsdom run (stories.test.tsx), this goes through
 * Storybook's own indexer and the registry's virtual story modules.
 */
const BUILD_TIMEOUT_MS = 240_000;
const STORY_TIMEOUT_MS = 45_000;
const MESSAGE_CHARS = 400;

let outputDir: string;
let site: StaticSite;
let browser: Browser;
let storyIds: string[] = [];

beforeAll(async () => {
  outputDir = mkdtempSync(join(tmpdir(), 'storybook-static-'));
  execFileSync(join(ROOT, 'node_modules/.bin/storybook'), ['build', '--quiet', '--output-dir', outputDir], {
    cwd: ROOT,
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
    stdio: 'pipe',
  });
  const index = JSON.parse(readFileSync(join(outputDir, 'index.json'), 'utf8')) as { entries: Record<string, { type: string }> };
  storyIds = Object.entries(index.entries)
    .filter(([, entry]) => entry.type === 'story')
    .map(([id]) => id);
  site = await serveDirectory(outputDir);
  browser = await launchChromium(TEST_CHROMIUM_PATH);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (outputDir) rmSync(outputDir, { recursive: true, force: true });
});

type PreviewWindow = Window & {
  __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } };
  __STORYBOOK_ADDONS_CHANNEL__?: { emit(event: string, payload: object): void };
};

/**
 * Opens the stories one after another in one preview frame, switching as the sidebar does (the
 * setCurrentStory event), and resolves with what went wrong in each: console errors (a failed play
 * function is logged there), uncaught errors, or Storybook's error display.
 */
async function storyProblems(ids: string[]): Promise<Record<string, string[]>> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const failures: Record<string, string[]> = {};
  let problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // The browser asks every new site for /favicon.ico on its own; Storybook ships an SVG icon instead.
    const browsersOwnRequest = message.location().url.endsWith('/favicon.ico');
    // Testing Library's messages carry the whole page; the first lines say what failed.
    if (message.type() === 'error' && !browsersOwnRequest) problems.push(`console: ${message.text().slice(0, MESSAGE_CHARS)}`);
  });
  try {
    for (const [i, id] of ids.entries()) {
      problems = [];
      if (i === 0) await page.goto(`${site.url}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story`);
      else {
        await page.evaluate((storyId) => {
          (window as PreviewWindow).__STORYBOOK_ADDONS_CHANNEL__?.emit('setCurrentStory', { storyId, viewMode: 'story' });
        }, id);
      }
      await page.waitForFunction(
        (storyId) => {
          const render = (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender;
          return render?.id === storyId && render.phase === 'finished';
        },
        id,
        { timeout: STORY_TIMEOUT_MS },
      );
      if (await page.evaluate(() => document.body.classList.contains('sb-show-errordisplay'))) {
        problems.push(`error display: ${await page.locator('#error-message').textContent()}`);
      }
      if (problems.length) failures[id] = problems;
    }
  } finally {
    await page.close();
  }
  return failures;
}

/** The start of a bill type's story ids: its stories are `${prefix}--create` and so on. */
const storyPrefixOf = (billType: BillType) =>
  `bill-types-${billType.unitInfo.menuLabel}-${billType.menuLabel}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const ofBillType = (billType: BillType) => (id: string) => id.startsWith(`${storyPrefixOf(billType)}--`);

describe('the built Storybook in Chromium', () => {
  it('indexes the create, edit and list screens of every bill type in the registry', () => {
    for (const billType of registry.billTypes) {
      const prefix = storyPrefixOf(billType);
      expect(storyIds, billType.type).toEqual(expect.arrayContaining(['create', 'edit', 'list'].map((s) => `${prefix}--${s}`)));
    }
  });

  // A bill type's stories in a test of their own: each has its own time, however many types a maintainer adds.
  it.each(registry.billTypes.map((billType) => [billType.type, billType] as const))(
    'renders and plays the stories of %s without an error',
    async (_, billType) => {
      const ids = storyIds.filter(ofBillType(billType));
      expect(ids.length).toBeGreaterThanOrEqual(3);
      expect(await storyProblems(ids)).toEqual({});
    },
    BUILD_TIMEOUT_MS,
  );

  it('renders and plays every other story without an error', async () => {
    const others = storyIds.filter((id) => !registry.billTypes.some((billType) => ofBillType(billType)(id)));
    expect(others.length).toBeGreaterThan(0);
    expect(await storyProblems(others)).toEqual({});
  }, BUILD_TIMEOUT_MS);
});
