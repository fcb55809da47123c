import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { createRoute, editRoute } from '../../app';
import { checkMessage, gstinCheckChar, type FieldSpec } from '../../engine/core';
import { EDITOR_TEXTS } from '../../engine/react';
import { appStory, type AppStory } from '../support/app-story';
import { billTypeWhere } from '../support/bill-types';
import { expectErrorToast, formReady, type Page } from '../support/play';
import { StoryApp } from '../support/StoryApp';
import { typeInto } from '../support/type-bill';
import { TABLET_GLOBALS } from '../support/viewports';

const meta = { title: 'Bill entry', component: StoryApp } satisfies Meta<typeof StoryApp>;
export default meta;

const taxGoods = billTypeWhere('a tax goods bill', (b) => b.tax && b.lines === 'goods');
const line = taxGoods.rowsField.rows!;
const gstin = taxGoods.roles.clientGstin!;
/** A buyer in Karnataka (29): another state than the GST unit's, so the bill charges IGST. */
const KARNATAKA_GSTIN = `29AAGCB7383J1Z${gstinCheckChar('29AAGCB7383J1Z')}`;
const TOTALS = 'Bill totals';

async function totalsPanel(page: Page): Promise<HTMLElement> {
  return page.findByRole('region', { name: TOTALS });
}

/** The sample bills' buyer is in the seller's state: CGST and SGST at half the rate each. */
export const TotalsIntraState = appStory(editRoute(taxGoods, 1), {
  play: async (page) => {
    await formReady(page, taxGoods);
    const panel = await totalsPanel(page);
    await within(panel).findByText('CGST @ 9%');
    await expect(within(panel).getByText('SGST @ 9%')).toBeTruthy();
    await expect(within(panel).queryByText(/^IGST/)).toBeNull();
  },
});

/** A GSTIN of another state turns the split into IGST as soon as it is typed. */
export const TotalsInterState = appStory(editRoute(taxGoods, 1), {
  play: async (page) => {
    await formReady(page, taxGoods);
    await typeInto(page, gstin.title, gstin, KARNATAKA_GSTIN);
    const panel = await totalsPanel(page);
    await within(panel).findByText('IGST @ 18%');
    await expect(within(panel).queryByText(/^CGST/)).toBeNull();
  },
});

/** The saved products listed under Description of Goods as the operator types (any case, anywhere in the name). */
export const ComboboxOpen = appStory(createRoute(taxGoods), {
  play: async (page) => {
    await formReady(page, taxGoods);
    const catalogField = line.fields.find((field) => field.catalog !== undefined)!;
    const input = page.getByLabelText(`${catalogField.title}, Sr. No. 1`, { exact: true });
    await userEvent.click(input);
    await userEvent.type(input, 'PUMP');
    const listbox = await page.findByRole('listbox');
    await expect(within(listbox).getAllByRole('option').length).toBeGreaterThan(0);
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(listbox).getByRole('option', { selected: true })).toBeTruthy();
  },
});

/** One of the checks after the spec's (x-check): the value typed, the field left, its toast. */
function checkToast(field: FieldSpec, label: string, value: string, rowNumber = 1): AppStory {
  return appStory(createRoute(taxGoods), {
    play: async (page) => {
      await formReady(page, taxGoods);
      await typeInto(page, label, field, value);
      await userEvent.tab();
      const message = checkMessage(field, value, rowNumber, taxGoods.unitInfo)!;
      await expectErrorToast(page, EDITOR_TEXTS.fieldCheckTitle, message);
    },
  });
}

const lineField = (test: (field: FieldSpec) => boolean) => line.fields.find(test)!;
const cell = (field: FieldSpec) => `${field.title}, Sr. No. 1`;
const hsn = lineField((field) => field.hsn);
const taxRate = lineField((field) => field.taxRate);
const quantity = lineField((field) => line.fields.some((other) => other.productOf?.[0] === field.name));

export const GstinCheck = checkToast(gstin, gstin.title, '29AAGCB7383J1Z5');
export const HsnCheck = checkToast(hsn, cell(hsn), '84133');
export const GstRateCheck = checkToast(taxRate, cell(taxRate), '17');
export const QuantityCheck = checkToast(quantity, cell(quantity), '0');

/** The tablet (1024×768): the grid fits, nothing clipped, the save bar docked below the inputs. */
export const TabletCreate: AppStory = {
  ...appStory(createRoute(taxGoods), { play: (page) => formReady(page, taxGoods) }),
  globals: TABLET_GLOBALS,
};

export const TabletTotals: AppStory = { ...TotalsInterState, globals: TABLET_GLOBALS };
