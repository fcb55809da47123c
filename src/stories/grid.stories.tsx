import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createRoute, editRoute } from '../app';
import type { BillType } from '../engine/core';
import { EDITOR_TEXTS, GRID_LABELS } from '../engine/react';
import { appStory } from './support/app-story';
import { goodsBillType, serviceBillType } from './support/bill-types';
import { expectErrorToast, findButton, findDialog, formReady, type Page } from './support/play';
import { StoryApp } from './support/StoryApp';

const meta = { title: 'Grid states', component: StoryApp } satisfies Meta<typeof StoryApp>;
export default meta;

const LONG_BILL_LINES = 300;

/** Spec 4: a new bill has one row, and the first row cannot be deleted. */
function empty(billType: BillType) {
  return appStory(createRoute(billType), {
    play: async (page) => {
      await formReady(page, billType);
      const firstRemove = billType.lines === 'goods' ? GRID_LABELS.deleteRow : GRID_LABELS.removeProduct;
      await expect(page.getAllByRole('button', { name: firstRemove })[0]).toBeDisabled();
    },
  });
}

function filled(billType: BillType, lines?: number) {
  return appStory(editRoute(billType, 1), {
    backend: lines ? { billsPerType: 1, linesPerBill: lines } : undefined,
    play: async (page) => {
      await formReady(page, billType);
      await expect(page.getByLabelText(billType.roles.billNumber.title)).toHaveValue('1');
    },
  });
}

export const EmptyGoods = empty(goodsBillType);
export const EmptyService = empty(serviceBillType);
export const FilledGoods = filled(goodsBillType);
export const FilledService = filled(serviceBillType);
export const LongGoods = { ...filled(goodsBillType, LONG_BILL_LINES), name: `${LONG_BILL_LINES} goods lines` };
export const LongService = { ...filled(serviceBillType, LONG_BILL_LINES), name: `${LONG_BILL_LINES} service products` };

async function saveNewBill(page: Page, billType: BillType): Promise<void> {
  await formReady(page, billType);
  await userEvent.click(await findButton(page, EDITOR_TEXTS.create));
  const confirm = await findDialog(page, EDITOR_TEXTS.saveConfirm.title);
  await userEvent.click(within(confirm).getByRole('button', { name: EDITOR_TEXTS.saveConfirm.confirmLabel }));
}

/** Spec 5: saving an empty bill shows the first check's message under "Empty field". */
export const ValidationToast = appStory(createRoute(goodsBillType), {
  play: async (page) => {
    await saveNewBill(page, goodsBillType);
    const firstCheck = goodsBillType.root.byName[goodsBillType.root.checkOrder[0]];
    await expectErrorToast(page, EDITOR_TEXTS.checkTitle, firstCheck.message);
  },
});

/** Spec 5: a row cannot be added while the last one is empty. */
export const AddRowToast = appStory(createRoute(goodsBillType), {
  play: async (page) => {
    await formReady(page, goodsBillType);
    await userEvent.click(await findButton(page, GRID_LABELS.addRow));
    await expectErrorToast(page, GRID_LABELS.emptyTitle, GRID_LABELS.emptyMessage);
  },
});

/** Spec 2: while the PDF is generated the button says so. */
export const GeneratingPdf = appStory(editRoute(goodsBillType, 1), {
  backend: { holdSaves: true },
  play: async (page) => {
    await formReady(page, goodsBillType);
    await userEvent.click(await findButton(page, EDITOR_TEXTS.update));
    const confirm = await findDialog(page, EDITOR_TEXTS.saveConfirm.title);
    await userEvent.click(within(confirm).getByRole('button', { name: EDITOR_TEXTS.saveConfirm.confirmLabel }));
    await findButton(page, EDITOR_TEXTS.generating);
  },
});

/** An edit screen for a bill number that does not exist. */
export const UnknownBill = appStory(editRoute(goodsBillType, 99), {
  play: async (page) => {
    await page.findByRole('heading', { name: EDITOR_TEXTS.notFoundTitle });
    await expect(page.getByText(EDITOR_TEXTS.notFound(goodsBillType.label, 99))).toBeTruthy();
  },
});

/** Issue 30: a removed line goes at once, and the toast's Undo brings exactly that line back. */
export const RemovedLineUndo = appStory(editRoute(goodsBillType, 1), {
  backend: { billsPerType: 1, linesPerBill: 3 },
  play: async (page) => {
    await formReady(page, goodsBillType);
    const names = () => page.getAllByRole('row').filter((row) => /^Sr\. No\. \d+$/.test(row.getAttribute('aria-label') ?? ''));
    const second = names()[1];
    const secondText = [...second.querySelectorAll('input')].map((input) => input.value);
    await userEvent.click(within(second).getByRole('button', { name: GRID_LABELS.deleteRow }));
    await waitFor(() => expect(names()).toHaveLength(2));
    const message = await page.findByText(GRID_LABELS.removed('Sr. No. 2'), {}, { timeout: 5000 });
    const toast = message.closest<HTMLElement>('[role="status"]')!;
    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(names()).toHaveLength(3));
    await expect([...names()[1].querySelectorAll('input')].map((input) => input.value)).toEqual(secondText);
  },
});
