import { expect, it } from 'vitest';
import { validPayload } from '../fixtures/payloads';
import { addedOperatorToken, apiSession, openSignedInAs, PHONE, registry, signIn, useBrowserApp } from './support';

/**
 * Issue 45 in Chromium: the screens hide what a role may not do (read from the actions the server sent), and an
 * owner's Operators screen adds someone who chooses their own password at their first sign-in.
 */
const e2e = useBrowserApp();
const taxInvoice = registry.byType('taxinvoice')!;
const WIDE = { width: 1366, height: 768 };
const SHOTS = process.env.ROLE_SHOTS;

const CLIENT = String(validPayload(taxInvoice)[taxInvoice.roles.clientName.name]);

it('an accountant sees the list and the reports, but no Create Bill, Save, Delete or Mark as filed', async () => {
  const owner = await apiSession(e2e.app);
  await owner.saveBill(taxInvoice, validPayload(taxInvoice, 2, { invoiceno: 1 }));
  const token = await addedOperatorToken(e2e.app, 'lata@alfadiesel.test', 'accountant');
  for (const viewport of [WIDE, PHONE]) {
    const { page } = await e2e.open(viewport);
    await openSignedInAs(page, token, `/${taxInvoice.unit}/view/${taxInvoice.route}`);
    await page.getByRole('table').or(page.locator('.card-table').first()).first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'View', exact: true }).count()).toBe(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/accountant-list-${viewport.width}.png` });
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^New / }).count()).toBe(0);
    if (viewport === WIDE) {
      expect(await page.getByRole('button', { name: 'Create Bill' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Operators' }).count()).toBe(0);
      // What the server refuses an accountant is not offered: no e-mail from View PDF Bill, no payments, no reminders by e-mail.
      await page.getByRole('button', { name: 'View', exact: true }).click();
      const pdfDialog = page.getByRole('dialog', { name: 'View PDF Bill' });
      await pdfDialog.getByRole('button', { name: 'Close', exact: true }).waitFor();
      expect(await pdfDialog.getByRole('button', { name: 'Send by e-mail' }).count()).toBe(0);
      await pdfDialog.getByRole('button', { name: 'Close', exact: true }).click();
      await page.goto('/clients');
      await page.getByRole('button', { name: `Bills of ${CLIENT}` }).click();
      await page.getByRole('region', { name: `Statement and reminders of ${CLIENT}` }).getByRole('button', { name: 'Statement' }).first().waitFor();
      expect(await page.getByRole('button', { name: 'E-mail reminder' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Record Payment' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Reports' }).click();
      await page.getByRole('heading', { name: 'Reports' }).waitFor();
      expect(await page.getByRole('button', { name: /Mark as filed/ }).count()).toBe(0);
      // The bill opens read-only: no Update, and the form says why.
      await page.goto(`/${taxInvoice.unit}/view/${taxInvoice.route}/1`);
      await page.getByText('Your role may not create or edit bills. This bill opens read-only.').waitFor();
      expect(await page.getByRole('button', { name: /Update/ }).count()).toBe(0);
      // The portal's files, yes; recording its answer on the bill, no.
      await page.getByRole('button', { name: 'E-Way Bill JSON' }).waitFor();
      expect(await page.getByRole('button', { name: 'Save E-Way Bill No.' }).count()).toBe(0);
    }
  }
});

it('an owner adds an operator on the Operators screen, who changes the first password at their first sign-in', async () => {
  const { page } = await e2e.open(WIDE);
  await signIn(page, e2e.app, '/operators');
  await page.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Add Operator' }).click();
  await page.getByLabel('Email *').fill('ravi@alfadiesel.test');
  await page.getByLabel('Role *').selectOption({ label: 'Operator' });
  await page.getByLabel('First password *').fill('first password 9');
  await page.getByRole('button', { name: 'Add Operator' }).last().click();
  const row = page.getByRole('row', { name: /ravi@alfadiesel\.test/ });
  await row.getByText('First password not yet changed').waitFor();
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/operators-${WIDE.width}.png` });
    const phone = (await e2e.open(PHONE)).page;
    await signIn(phone, e2e.app, '/operators');
    await phone.getByText('ravi@alfadiesel.test').waitFor();
    await phone.screenshot({ path: `${SHOTS}/operators-${PHONE.width}.png`, fullPage: true });
  }

  const { page: ravi } = await e2e.open(WIDE);
  await ravi.goto('/');
  await ravi.getByLabel('Email').fill('ravi@alfadiesel.test');
  await ravi.getByLabel('Password').fill('first password 9');
  await ravi.getByRole('button', { name: 'Login' }).click();
  await ravi.getByRole('heading', { name: 'Change your password' }).waitFor();
  expect(await ravi.getByRole('button', { name: 'Create Bill' }).count()).toBe(0);
  await ravi.getByLabel('Password you signed in with').fill('first password 9');
  await ravi.getByLabel('New password', { exact: true }).fill('ravi chose this');
  await ravi.getByLabel('New password again').fill('ravi chose this');
  await ravi.getByRole('button', { name: 'Change Password' }).click();
  await ravi.getByRole('button', { name: 'Create Bill' }).waitFor();
  expect(await ravi.getByRole('link', { name: 'Operators' }).count()).toBe(0);

  await page.reload();
  await row.getByText('Active').waitFor();
});
