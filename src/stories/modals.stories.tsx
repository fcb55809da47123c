import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createRoute, editRoute, listRoute, PREVIEW_BUTTON, SAVED_BUTTON, SAVED_TITLE, VIEW_TITLE } from '../app';
import type { BillType } from '../engine/core';
import { EDITOR_TEXTS } from '../engine/react';
import { realBillPdf } from './mocks/real-pdf';
import { appStory } from './support/app-story';
import { billTypeWhere, convertingBillType, landingBillType } from './support/bill-types';
import { findButton, findDialog, formReady, listedBillNumbers, type Page } from './support/play';
import { StoryApp } from './support/StoryApp';

const meta = { title: 'Modals', component: StoryApp } satisfies Meta<typeof StoryApp>;
export default meta;

/** Spec 2: the save confirmation, "Are you sure?" with Generate PDF and Cancel. */
export const SaveConfirmation = appStory(createRoute(landingBillType), {
  play: async (page) => {
    await formReady(page, landingBillType);
    await userEvent.click(await findButton(page, EDITOR_TEXTS.create));
    const dialog = await findDialog(page, EDITOR_TEXTS.saveConfirm.title);
    for (const name of [EDITOR_TEXTS.saveConfirm.confirmLabel, EDITOR_TEXTS.saveConfirm.cancelLabel]) {
      await expect(within(dialog).getByRole('button', { name })).toBeTruthy();
    }
  },
});

export const ConvertConfirmation = appStory(editRoute(convertingBillType, 1), {
  play: async (page) => {
    await formReady(page, convertingBillType);
    await userEvent.click(await findButton(page, convertingBillType.convert!.button));
    const dialog = await findDialog(page, convertingBillType.convert!.title);
    await expect(within(dialog).getByText(convertingBillType.convert!.text)).toBeTruthy();
  },
});

/** Updates a stored bill through the real flow (confirm, save, download) up to "PDF Generated", and returns that dialog. */
async function untilPdfGenerated(page: Page, billType: BillType): Promise<HTMLElement> {
  await formReady(page, billType);
  await userEvent.click(await findButton(page, EDITOR_TEXTS.update));
  const confirm = await findDialog(page, EDITOR_TEXTS.saveConfirm.title);
  await userEvent.click(within(confirm).getByRole('button', { name: EDITOR_TEXTS.saveConfirm.confirmLabel }));
  const dialog = await findDialog(page, SAVED_TITLE);
  await expect(within(dialog).getByText(billType.successMessage)).toBeTruthy();
  await expect(within(dialog).getByRole('button', { name: SAVED_BUTTON })).toBeTruthy();
  return dialog;
}

function pdfGenerated(billType: BillType) {
  return appStory(editRoute(billType, 1), { play: (page) => untilPdfGenerated(page, billType).then(() => undefined) });
}

/** Spec 2 gives "PDF Generated" two texts: the plain bills' and the tax goods bills'. */
export const PdfGenerated = pdfGenerated(billTypeWhere('a plain bill', (b) => !b.tax));
const previewingBillType = billTypeWhere('a type whose success text invites a preview', (b) => b.successPreview);
export const PdfGeneratedTaxGoods = pdfGenerated(previewingBillType);

/** Issue 15: Preview Bill on PDF Generated shows the saved PDF in View PDF Bill. */
export const PdfGeneratedPreview = appStory(editRoute(previewingBillType, 1), {
  backend: { renderPdf: realBillPdf },
  play: async (page) => {
    const dialog = await untilPdfGenerated(page, previewingBillType);
    await userEvent.click(within(dialog).getByRole('button', { name: PREVIEW_BUTTON }));
    const view = await findDialog(page, VIEW_TITLE);
    await waitFor(() => expect(view.querySelector('object[type="application/pdf"]')).not.toBeNull());
  },
});

/** Clicks a row's button in the landing type's list (bills 3, 2, 1). */
async function clickInFirstRow(page: Page, button: string): Promise<void> {
  await listedBillNumbers(page);
  const row = page.getAllByRole('row')[1];
  await userEvent.click(within(row).getByRole('button', { name: button }));
}

export const DeleteBill = appStory(listRoute(landingBillType), {
  play: async (page) => {
    await clickInFirstRow(page, 'Delete');
    await findDialog(page, 'Delete Bill No. 3');
  },
});

/** Spec 4: after a delete the row is gone and the server's msg shows as a success toast. */
export const BillDeleted = appStory(listRoute(landingBillType), {
  play: async (page) => {
    await clickInFirstRow(page, 'Delete');
    const dialog = await findDialog(page, 'Delete Bill No. 3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await page.findByText('Bill No. 3 deleted');
    await expect(await listedBillNumbers(page)).toEqual(['2', '1']);
  },
});

/**
 * Spec 2: View downloads the PDF and shows it in "View PDF Bill": the real document, made in the browser by
 * pdfmake from the server's own document definition.
 */
export const ViewBill = appStory(listRoute(landingBillType), {
  backend: { renderPdf: realBillPdf },
  play: async (page) => {
    await clickInFirstRow(page, 'View');
    const dialog = await findDialog(page, VIEW_TITLE);
    await waitFor(() => expect(dialog.querySelector('object[type="application/pdf"]')).not.toBeNull());
  },
});
