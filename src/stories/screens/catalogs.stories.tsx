import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { CATALOGS_PATH } from '../../app';
import { appStory } from '../support/app-story';
import { findButton, findDialog, SCREEN_TIMEOUT_MS, type Page } from '../support/play';
import { StoryApp } from '../support/StoryApp';

const meta = { title: 'Screens/Products & Services', component: StoryApp } satisfies Meta<typeof StoryApp>;
export default meta;

const wait = { timeout: SCREEN_TIMEOUT_MS };

async function openList(page: Page, title: string): Promise<HTMLElement> {
  await userEvent.click(await findButton(page, title));
  const table = await page.findByRole('table', { name: title }, wait);
  await within(table).findAllByRole('cell', {}, wait);
  return table;
}

/** Issue 30: the saved tax products with what each fills on a bill's line: HSN, GST %, sale rate and unit. */
export const TaxProducts = appStory(CATALOGS_PATH, {
  play: async (page) => {
    const table = await openList(page, 'Tax products');
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    await expect(headers).toEqual(['Description of Goods', 'HSN', 'GST %', 'Rate', 'Per', 'Actions']);
    const row = within(table).getByText('Delivery valve').closest('tr')!;
    await expect(within(row).getAllByRole('cell').map((cell) => cell.textContent).slice(1, 5)).toEqual(['8413', '18', '1250', 'no']);
  },
});

/** Editing a saved product: renamed and re-priced in the form above the list. */
export const EditProduct = appStory(CATALOGS_PATH, {
  play: async (page) => {
    await openList(page, 'Products');
    await userEvent.click(await findButton(page, 'Edit Nozzle holder assembly'));
    const form = await page.findByRole('form', { name: 'Edit: Nozzle holder assembly' }, wait);
    const rate = within(form).getByLabelText('Rate');
    await userEvent.clear(rate);
    await userEvent.type(rate, '1475');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const table = await page.findByRole('table', { name: 'Products' }, wait);
    await within(table).findByText('1475', {}, wait);
  },
});

/** Deleting asks first, and says bills keep their lines. */
export const DeleteAsks = appStory(CATALOGS_PATH, {
  play: async (page) => {
    await openList(page, 'Services');
    await userEvent.click(await findButton(page, 'Delete Pump overhaul'));
    const dialog = await findDialog(page, 'Delete Pump overhaul');
    await expect(dialog.textContent).toContain('Bills that name it keep their lines.');
  },
});
