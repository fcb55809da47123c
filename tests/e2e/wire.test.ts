import { expect, it } from 'vitest';
import { inputReady, waitUntilReady } from '../../scripts/bench/support/click-timing';
import { createRoute } from '../../src/app/paths';
import { TOKEN_KEY } from '../../src/app/auth/token-store';
import { apiSession, registry, useBrowserApp } from './support';
import { bytesOf, describeTransfers, logTransfers, scriptsOf } from './support/transfers';

const e2e = useBrowserApp();

/**
 * Issue 43: a regression guard on what the operator's browser receives, not on a build's files. The tax
 * invoice's create screen, opened cold (an empty cache) by a signed-in operator from `npm start`'s server:
 * every script it fetched until it is ready for typing, counted as Chromium received them (compressed, headers
 * included). `npm run bench:wire` measures every screen's bytes and load times under slow networks.
 */
const COLD_CREATE_SCREEN_JS_BYTES = 250_000;

const BILL_TYPE = registry.byType('taxinvoice')!;
const FIRST_LINE = `${BILL_TYPE.rowsField.rows!.fields.find((field) => !field.rowNumber && !field.rows && !field.productOf)!.title}, Sr. No. 1`;
const BILL_NUMBER = BILL_TYPE.roles.billNumber.title;

it("a create screen's cold JavaScript, as the server sends it, is compressed and within 250 KB", async () => {
  const { page, context, errors } = await e2e.open();
  const { token } = await apiSession(e2e.app);
  await context.addInitScript({ content: `localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(token)});` });
  const log = await logTransfers(page);
  await page.goto(createRoute(BILL_TYPE), { waitUntil: 'commit' });
  await waitUntilReady(page, `${inputReady(FIRST_LINE, /^$/)} && ${inputReady(BILL_NUMBER, /^\d+$/)}`, 'the create screen ready for typing');

  const scripts = scriptsOf(log.transfers());
  const listed = describeTransfers(scripts);
  expect(scripts.length, listed).toBeGreaterThan(0);
  expect(scripts.filter((script) => !['br', 'gzip'].includes(script.encoding)), listed).toEqual([]);
  expect(bytesOf(scripts), listed).toBeLessThanOrEqual(COLD_CREATE_SCREEN_JS_BYTES);
  expect(errors).toEqual([]);
});
