import { beforeAll, expect, it } from 'vitest';
import { validPayload } from '../fixtures/payloads';
import { apiSession, registry, signIn, useBrowserApp } from './support';

/** Issue 8: operator text containing HTML or script is shown as text, never run or parsed. */
const HOSTILE_NAME = `<img src=x onerror="window.__pwned='img'"><script>window.__pwned='script'</script>Müller & Sons`;

const e2e = useBrowserApp();
const billType = registry.billTypes.find((b) => b.tax && b.lines === 'goods')!;

beforeAll(async () => {
  const api = await apiSession(e2e.app);
  await api.saveBill(billType, validPayload(billType, 1, { invoiceno: 1, clientname: HOSTILE_NAME }));
});

it('shows a client name with HTML and script literally in the list and the edit screen, and runs none of it', async () => {
  const { page, errors } = await e2e.open();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page, e2e.app, `/${billType.unit}/view/${billType.route}`);
  const cell = page.getByRole('cell', { name: HOSTILE_NAME, exact: true });
  await cell.waitFor();
  expect(await cell.locator('img, script').count()).toBe(0);

  await page.goto(`/${billType.unit}/view/${billType.route}/1`);
  await expect.poll(() => page.getByLabel('Client Company Name').inputValue()).toBe(HOSTILE_NAME);

  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
});
