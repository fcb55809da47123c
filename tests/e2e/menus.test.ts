import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validPayload } from '../fixtures/payloads';
import { imageDataUrl } from '../fixtures/profile';
import { imagesIn } from '../pdf/pdf-tools';
import { apiSession, menuLink, registry, signIn, TABLET, useBrowserApp } from './support';

const e2e = useBrowserApp();

const GROUPS = [
  { name: 'Alfa Diesel', labels: ['Invoice Bill', 'Quotation Bill', 'Service Bill', 'Service Quotation Bill'] },
  { name: 'GST', labels: ['Tax Invoice Bill', 'Tax Quotation Bill', 'Tax Service Bill', 'Tax Service Quotation Bill'] },
];

describe('header menus in Chromium (spec 2)', () => {
  it('signed out, the header shows only the title', async () => {
    const { page } = await e2e.open();
    await page.goto('/');
    await page.getByText('Your Bill Section').waitFor();
    expect(await page.getByRole('button', { name: /Create Bill|View Bill|Logout/ }).count()).toBe(0);
  });

  for (const [menu, screen] of [
    ['Create Bill', (b: { unit: string; route: string }) => `/${b.unit}/${b.route}`],
    ['View Bill', (b: { unit: string; route: string }) => `/${b.unit}/view/${b.route}`],
  ] as const) {
    it(`${menu} lists both groups and every bill type, and each entry opens its screen`, async () => {
      const { page, errors } = await e2e.open();
      await signIn(page, e2e.app);
      const button = page.getByRole('button', { name: menu });
      await button.click();
      const panel = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
      for (const group of GROUPS) {
        // The spec's entries in its order; a maintainer's new bill type may sit among them (opened below).
        const links = await panel.getByRole('list', { name: group.name }).getByRole('link').allTextContents();
        expect(links.filter((label) => group.labels.includes(label))).toEqual(group.labels);
      }
      await button.click();
      for (const billType of registry.billTypes) {
        await button.click();
        await menuLink(panel, billType).click();
        await page.waitForURL((url) => url.pathname === screen(billType));
        expect(await panel.isVisible()).toBe(false);
      }
      expect(errors).toEqual([]);
    });
  }

  it('the current entry is black with white bold text; the others are not', async () => {
    const { page } = await e2e.open();
    await signIn(page, e2e.app, '/gst/view/taxquotationbill');
    await page.getByRole('button', { name: 'View Bill' }).click();
    // The GST unit's entries: another unit may have a "Tax Invoice Bill" too.
    const style = (name: string) =>
      page.getByRole('list', { name: 'GST', exact: true }).getByRole('link', { name, exact: true }).evaluate((link) => {
        const css = getComputedStyle(link);
        return { background: css.backgroundColor, color: css.color, weight: css.fontWeight };
      });
    expect(await style('Tax Quotation Bill')).toEqual({ background: 'rgb(0, 0, 0)', color: 'rgb(255, 255, 255)', weight: '700' });
    expect((await style('Tax Invoice Bill')).background).not.toBe('rgb(0, 0, 0)');
  });

  it('on a tablet the header and open menus fit the screen', async () => {
    const { page } = await e2e.open(TABLET);
    await signIn(page, e2e.app);
    for (const menu of ['Create Bill', 'View Bill']) {
      await page.getByRole('button', { name: menu }).click();
      const box = await page.getByRole('link', { name: 'Tax Service Quotation Bill' }).boundingBox();
      expect(box, menu).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(TABLET.width);
      await page.keyboard.press('Escape');
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
  });
});

describe('the Business Profile screen in Chromium (issue 17)', () => {
  const LOGO = fileURLToPath(new URL('../fixtures/images/logo.png', import.meta.url));

  it('saves a logo chosen on the screen; the letterhead shows it and the next PDF carries it', async () => {
    const api = await apiSession(e2e.app);
    const invoice = registry.billTypes.find((b) => b.unit === 'alfadiesel' && b.countsAsSales && b.lines === 'goods')!;
    const before = await api.saveBill(invoice, validPayload(invoice, 2, { invoiceno: 1 }));
    expect(imagesIn(before)).toEqual([]);

    const { page, errors } = await e2e.open();
    await signIn(page, e2e.app);
    const button = page.getByRole('button', { name: 'Business Profile' });
    await button.click();
    await page.locator(`[id="${await button.getAttribute('aria-controls')}"]`).getByRole('link', { name: 'Alfa Diesel', exact: true }).click();
    await page.getByRole('heading', { name: 'Business Profile · Alfa Diesel' }).waitFor();
    await page.getByLabel('Logo (PNG or JPEG, at most 300 KB)').setInputFiles(LOGO);
    await page.getByRole('img', { name: 'Logo preview' }).waitFor();
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('The Alfa Diesel business profile has been saved.').waitFor();

    const { profile } = await api.postJson<{ profile: { logo: string; saved: boolean } }>('/api/alfadiesel/getprofile', {});
    expect(profile).toMatchObject({ saved: true, logo: imageDataUrl('logo.png') });
    const after = await api.saveBill(invoice, validPayload(invoice, 2, { invoiceno: 2 }));
    // The server prints PNGs flattened onto white (print-images.ts): the logo alone, without a mask.
    expect(imagesIn(after).map(({ width, height, type }) => ({ width, height, type }))).toEqual([{ width: 160, height: 80, type: 'image' }]);

    // The screen shows it too: after a reload, as the saved preview and in the bill screen's letterhead.
    await page.reload();
    await page.getByRole('img', { name: 'Logo preview' }).waitFor();
    await page.goto(`/${invoice.unit}/${invoice.route}`);
    expect(await page.locator('.bill-letterhead__logo').getAttribute('src')).toBe(imageDataUrl('logo.png'));
    expect(errors).toEqual([]);
  });
});
