import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { validPayload } from '../../fixtures/payloads';
import { apiSession, registry, signIn, useBrowserApp } from '../support';
import { keepArtifactsOnFailure } from '../journeys/support/artifacts';
import { downloadedText, formBillNumber, SAVED_TITLE } from '../journeys/support/screens';

/**
 * Issue 30 item 8: a repeat 3-line tax invoice for a client billed before, typed with the keyboard alone, in at
 * most 35 keys (Vyapar: about 30–35), saved and its PDF downloaded. The client and the three products come
 * from the earlier bill, with their rates and units; the keys are counted as pressed.
 *
 * Hand-computed (intra-state, Maharashtra): 2 × 1,999.99 = 3,999.98 and 1 × 450.00 at 18%; 4 × 250.50 = 1,002.00
 * at 12%. Taxable 5,451.98; CGST 9% 400.50 + SGST 9% 400.50 on 4,449.98; CGST 6% 60.12 + SGST 6% 60.12 on 1,002.00;
 * total 6,373.22, rounded to 6,373.00.
 */
const e2e = useBrowserApp();
const taxInvoice = registry.byType('taxinvoice')!;
const MAX_KEYS = 35;

const LINES = [
  { goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty: '1', rate: '1999.99', per: 'no', amount: '1999.99' },
  { goods: 'Nozzle holder', hsn: '8413', taxrate: '18', qty: '1', rate: '450', per: 'set', amount: '450.00' },
  { goods: 'Delivery valve', hsn: '84819090', taxrate: '12', qty: '1', rate: '250.50', per: 'per', amount: '250.50' },
];
/** What the operator types for each line: the product's first letters, then the quantity. */
const TYPED = [
  ['Fue', '2'],
  ['Noz', '1'],
  ['Del', '4'],
];

/** The keyboard, counting every key press (a typed letter is one, Ctrl+S is one). */
function countingKeyboard(page: Page) {
  let count = 0;
  return {
    get count() {
      return count;
    },
    async type(text: string) {
      count += [...text].length;
      await page.keyboard.type(text);
    },
    async press(key: string) {
      count += 1;
      await page.keyboard.press(key);
    },
  };
}

/** The focused element by its accessible name: aria-label, its label, or its text (a button). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    const label = active?.id ? document.querySelector(`label[for="${active.id}"]`)?.textContent : undefined;
    return active?.getAttribute('aria-label') ?? label ?? active?.textContent ?? '';
  });

it(`types a repeat 3-line tax invoice with the keyboard alone in at most ${MAX_KEYS} keys, saved with its PDF`, async () => {
  const appPage = await e2e.open({ width: 1366, height: 768 });
  const { page, errors } = appPage;
  await keepArtifactsOnFailure('fewer-keys', appPage, e2e.app, async () => {
    const api = await apiSession(e2e.app);
    // The earlier bill: it saves the client and each product with its HSN, GST rate, rate and unit.
    await api.saveBill(taxInvoice, { ...validPayload(taxInvoice, 1, { invoiceno: 1 }), product: LINES.map((line, i) => ({ srno: i + 1, ...line })) });
    await signIn(page, e2e.app, `/${taxInvoice.unit}/${taxInvoice.route}`);
    expect(await formBillNumber(page, taxInvoice)).toBe(2);
    await expect.poll(() => focused(page)).toBe('Client Company Name');

    const keys = countingKeyboard(page);
    await keys.type('Shr');
    await page.getByRole('option', { name: /Shree Ganesh Transport/ }).waitFor();
    await keys.press('Enter');
    await expect.poll(() => focused(page)).toBe('Description of Goods, Sr. No. 1');
    for (const [i, [letters, qty]] of TYPED.entries()) {
      const row = `Sr. No. ${i + 1}`;
      await keys.type(letters);
      await page.getByRole('option', { name: LINES[i].goods }).waitFor();
      await keys.press('Enter');
      await expect.poll(() => focused(page)).toBe(`QTY, ${row}`);
      await keys.type(qty);
      await keys.press('Tab');
      await expect.poll(() => focused(page)).toBe('Add More Product');
      if (i < TYPED.length - 1) {
        await keys.press('Enter');
        await expect.poll(() => focused(page)).toBe(`Description of Goods, Sr. No. ${i + 2}`);
      }
    }

    await keys.press('Control+s');
    await page.getByRole('dialog', { name: 'Are you sure?' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), keys.press('Enter')]);
    const saved = page.getByRole('dialog', { name: SAVED_TITLE });
    await saved.waitFor();
    await keys.press('Enter');
    await saved.waitFor({ state: 'detached' });

    console.log(`repeat 3-line tax invoice: ${keys.count} keys (at most ${MAX_KEYS})`);
    expect(keys.count).toBeLessThanOrEqual(MAX_KEYS);
    const pdf = await downloadedText(download);
    expect(pdf).toContain('Shree Ganesh Transport');
    for (const line of LINES) expect(pdf).toContain(line.goods);
    expect(pdf).toContain('3,999.98');
    expect(pdf).toContain('1,002.00');
    expect(pdf).toContain('6,373.00');
    expect(errors).toEqual([]);
  });
}, 180_000);
