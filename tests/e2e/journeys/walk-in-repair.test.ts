import { expect, it } from 'vitest';
import type { Row } from '../../../src/engine/core';
import { apiSession, pdfNameOf, registry, signIn, useBrowserApp } from '../support';
import { keepArtifactsOnFailure } from './support/artifacts';
import { fillField, fillHeader, fillLines } from './support/bill-form';
import { formBillNumber, openFromMenu, saveWithPdf } from './support/screens';

/**
 * Issue 26: a walk-in (unregistered) farmer's repair, typed on the screen as the operator would, in Chromium
 * against `npm start`: no GSTIN asked for, the place of supply chosen by state name (the seller's state
 * proposed), the live totals switching to IGST for another state, and the saved PDF read back.
 * Hand-computed: 1,500 + 900 = 2,400 at 18% to Karnataka: IGST 432.00, grand total 2,832.00.
 */
const e2e = useBrowserApp();
const repairBill = registry.byType('b2cservice')!;
const CLIENT = 'Ramesh Patil';
const SERVICES: Row[] = [
  {
    productname: 'Tractor fuel pump',
    service: [
      { servicename: 'Injector overhaul', servicedesc: 'Nozzles cleaned', hsn: '998714', taxrate: '18', rate: '1500', amount: '1500' },
      { servicename: 'Calibration', servicedesc: '', hsn: '998714', taxrate: '18', rate: '900', amount: '900' },
    ],
  },
];

it('bills a walk-in repair to a Karnataka farmer: IGST, the place of supply on the PDF, no buyer GSTIN', async () => {
  const appPage = await e2e.open();
  const { page, errors } = appPage;
  await keepArtifactsOnFailure('walk-in-repair', appPage, e2e.app, async () => {
    await signIn(page, e2e.app);
    await openFromMenu(page, 'Create Bill', repairBill);
    expect(await formBillNumber(page, repairBill)).toBe(1);
    expect(await page.getByLabel('Client GSTIN/UIN', { exact: true }).count()).toBe(0);

    const place = page.getByLabel('Place of Supply', { exact: true });
    expect(await place.evaluate((select: HTMLSelectElement) => select.selectedOptions[0].text)).toBe('Maharashtra (27)');

    await fillHeader(page, repairBill, { clientname: CLIENT, date: '2026-11-21' });
    await fillField(page, repairBill.roles.placeOfSupply!, 'Place of Supply', '29');
    await fillLines(page, repairBill, SERVICES);
    const totals = page.getByRole('region', { name: 'Bill totals' });
    await totals.getByText('Client in Karnataka (29): another state, IGST.', { exact: true }).waitFor();
    await expect.poll(() => totals.textContent()).toMatch(/IGST @ 18%\s*432\.00/);

    const saved = await saveWithPdf(page, 'Save And Create PDF', 'Are you sure?', repairBill);
    expect(saved.fileName).toBe(pdfNameOf(repairBill, 1, CLIENT));
    expect(saved.fileName).toBe('BS_1-Ramesh Patil.pdf');
    expect(saved.text).toContain('Invoice No. BS/1');
    expect(saved.text).toContain('Place of Supply: Karnataka (29)');
    expect(saved.text).toContain('IGST @ 18% 432.00');
    expect(saved.text).toContain('₹ 2,832.00');
    expect(saved.text).not.toMatch(/CGST|SGST/);
    // The seller's GSTIN is the only one printed: the buyer has none.
    expect(saved.text.match(/GSTIN\/UIN:/g)).toHaveLength(1);

    const api = await apiSession(e2e.app);
    const stored = await api.postJson<{ bill: Row }>(repairBill.getPath, { billtype: repairBill.type, billno: 1 });
    expect(stored.bill).toMatchObject({ clientname: CLIENT, placeofsupply: '29' });
    expect(errors).toEqual([]);
  });
}, 180_000);
