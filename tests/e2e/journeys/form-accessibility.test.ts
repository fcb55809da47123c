import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { validPayload } from '../../fixtures/payloads';
import { apiSession, registry, seriousViolations, signIn, useBrowserApp } from '../support';
import { CONFIRM_BUTTON, formBillNumber, SAVED_TITLE } from './support/screens';

/**
 * axe-core on the bill screens and the modals of the save flow: no serious or critical violations.
 * The shell, the lists and the Delete and View modals are covered by ../accessibility.test.ts.
 */
const e2e = useBrowserApp();

const goods = registry.byType('invoice')!;
const service = registry.byType('service')!;
const taxQuotation = registry.byType('taxquotation')!;

beforeAll(async () => {
  const api = await apiSession(e2e.app);
  await api.saveBill(taxQuotation, validPayload(taxQuotation, 2, { invoiceno: 1 }));
});

async function signedInAt(path: string): Promise<Page> {
  const { page } = await e2e.open();
  await signIn(page, e2e.app, path);
  return page;
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

describe('the bill screens and the save flow have no serious accessibility problems (axe-core)', () => {
  it.each([
    ['goods', goods],
    ['service', service],
  ] as const)('a %s create screen, and its validation toast', async (_kind, billType) => {
    const page = await signedInAt(`/${billType.unit}/${billType.route}`);
    await formBillNumber(page, billType);
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Save And Create PDF', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.waitFor();
    await expectNoSeriousViolations(page);
    await confirm.getByRole('button', { name: CONFIRM_BUTTON }).click();
    await page.getByRole('alert').filter({ hasText: 'Empty field' }).waitFor();
    await expectNoSeriousViolations(page);
  });

  it('a tax quotation edit screen (dispatch block), the Convert to BILL modal and PDF Generated', async () => {
    const page = await signedInAt(`/${taxQuotation.unit}/view/${taxQuotation.route}/1`);
    await formBillNumber(page, taxQuotation);
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Convert To Bill And Create PDF', exact: true }).click();
    const convert = page.getByRole('dialog', { name: 'Convert to BILL' });
    await convert.waitFor();
    await expectNoSeriousViolations(page);
    await convert.getByRole('button', { name: 'Cancel', exact: true }).click();

    await page.getByRole('button', { name: 'Update And Create PDF', exact: true }).click();
    await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: CONFIRM_BUTTON }).click(),
    ]);
    await page.getByRole('dialog', { name: SAVED_TITLE }).waitFor();
    await expectNoSeriousViolations(page);
  });
});
