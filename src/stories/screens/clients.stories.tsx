import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { CLIENTS_PATH, registry } from '../../app';
import { appStory } from '../support/app-story';
import { expectErrorToast, findButton, findDialog, SCREEN_TIMEOUT_MS, type Page } from '../support/play';
import { StoryApp } from '../support/StoryApp';

const meta = { title: 'Screens/Clients', component: StoryApp } satisfies Meta<typeof StoryApp>;
export default meta;

const wait = { timeout: SCREEN_TIMEOUT_MS };
const spec = registry.clients;
const gstinField = spec.fills.find((fill) => fill.role === 'clientGstin');
/** A name the sample bills give their first client. */
const SAMPLE_CLIENT = 'Shree Ganesh Transport';

async function clientRows(page: Page): Promise<HTMLElement[]> {
  const table = await page.findByRole('table', { name: 'Clients' }, wait);
  await within(table).findAllByRole('cell', {}, wait);
  return [...table.querySelectorAll<HTMLElement>('tbody tr')];
}

/** The saved clients, built from the sample bills of every type: name, address, GSTIN with its state, bills. */
export const List = appStory(CLIENTS_PATH, {
  play: async (page) => {
    const rows = await clientRows(page);
    await expect(rows.length).toBeGreaterThan(1);
    // The first bill of every type names the sample client: one bill each.
    const row = rows.find((candidate) => within(candidate).queryByText(SAMPLE_CLIENT))!;
    await expect(within(row).getByText(String(registry.billTypes.length))).toBeTruthy();
  },
});

/** No bills and no clients yet: the screen says so and offers to add one. */
export const Empty = appStory(CLIENTS_PATH, {
  backend: { billsPerType: 0 },
  play: async (page) => {
    await page.findByText(/^No clients saved yet\./, {}, wait);
    await expect(page.queryByRole('table', { name: 'Clients' })).toBeNull();
    await findButton(page, 'Add Client');
  },
});

/** Adding a client checks it as the bill screens do: a GSTIN with a wrong check character gets the bill's toast. */
export const AddWithBadGstin = appStory(CLIENTS_PATH, {
  play: async (page) => {
    await userEvent.click(await findButton(page, 'Add Client'));
    const form = await page.findByRole('form', { name: 'Add Client' }, wait);
    await userEvent.type(within(form).getByLabelText(new RegExp(`^${spec.key.title}`)), 'Hemavati Pumps');
    for (const fill of spec.fills) {
      const value = fill === gstinField ? '29AAGCB7383J1Z5' : 'Hassan 573201';
      await userEvent.type(within(form).getByLabelText(new RegExp(`^${fill.title}`)), value);
    }
    await userEvent.click(within(form).getByRole('button', { name: 'Save Client' }));
    await expectErrorToast(page, 'Empty field', 'Client GSTIN 29AAGCB7383J1Z5 is not valid: please check it.');
  },
});

/** Editing a client: the form holds its saved values, the GSTIN's state beside it. */
export const Edit = appStory(CLIENTS_PATH, {
  play: async (page) => {
    await clientRows(page);
    await userEvent.click(await findButton(page, `Edit ${SAMPLE_CLIENT}`));
    const form = await page.findByRole('form', { name: `Edit Client: ${SAMPLE_CLIENT}` }, wait);
    await expect(within(form).getByDisplayValue(SAMPLE_CLIENT)).toBeTruthy();
    await expect(within(form).getByText(/^State Name: Maharashtra, Code: 27$/)).toBeTruthy();
  },
});

/** Deleting asks first: bills keep their own copy of the client's details. */
export const DeleteConfirm = appStory(CLIENTS_PATH, {
  play: async (page) => {
    await clientRows(page);
    await userEvent.click(await findButton(page, `Delete ${SAMPLE_CLIENT}`));
    const dialog = await findDialog(page, `Delete Client ${SAMPLE_CLIENT}`);
    await expect(within(dialog).getByText(/Bills keep their own copy/)).toBeTruthy();
  },
});

/** A client's bills across every bill type, each with a link to open it. */
export const ClientBills = appStory(CLIENTS_PATH, {
  play: async (page) => {
    await clientRows(page);
    await userEvent.click(await findButton(page, `Bills of ${SAMPLE_CLIENT}`));
    const region = await page.findByRole('region', { name: `Bills of ${SAMPLE_CLIENT}` }, wait);
    const links = await within(region).findAllByRole('link', { name: /^Open / }, wait);
    await expect(links.length).toBe(registry.billTypes.length);
  },
});
