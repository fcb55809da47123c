import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { storyRegistry as registry } from '../support/story-registry';
import { createRoute, editRoute, listRoute, PAY_BUTTON, PREVIEW_BUTTON, SAVED_BUTTON, SAVED_TITLE, SEND_BUTTON, SHARE_BUTTON } from '../../app';
import type { BillType } from '../../engine/core';
import { EDITOR_TEXTS } from '../../engine/react';
import { sampleBill } from '../mocks/sample-bill';
import { findButton, findDialog, formReady, listedBillNumbers, pageOf } from '../support/play';
import { StoryApp } from '../support/StoryApp';
import { billTypeScreens, billTypeStoriesTitle, type ScreenExport } from './screens';

type Story = StoryObj<typeof StoryApp>;

/** The mocked server starts with bills 1, 2 and 3 of every type. */
const SEEDED = ['3', '2', '1'];
const EDITED_BILL = 2;

/** The value the form shows in a header field (the first one: the client's name). */
function headerInput(canvasElement: HTMLElement, billType: BillType): HTMLInputElement {
  return pageOf(canvasElement).getByLabelText(billType.header[0].title) as HTMLInputElement;
}

/** A note's create screen names the bill it corrects (issue 28): the first type it corrects, seeded bill 2. */
const createPath = (billType: BillType) => createRoute(billType) + (billType.note ? `?against=${billType.note.against[0]}:${EDITED_BILL}` : '');

function screenStories(billType: BillType): Record<ScreenExport, Story> {
  return {
    Create: {
      args: { path: createPath(billType) },
      play: async ({ canvasElement }) => {
        const page = pageOf(canvasElement);
        await formReady(page, billType);
        // Spec 4: the bill number starts at the last one plus one.
        const number = page.getByLabelText(billType.roles.billNumber.title) as HTMLInputElement;
        await expect(number.value).toBe(String(SEEDED.length + 1));
        await findButton(page, EDITOR_TEXTS.create);
      },
    },
    Edit: {
      args: { path: editRoute(billType, EDITED_BILL) },
      play: async ({ canvasElement }) => {
        const page = pageOf(canvasElement);
        await formReady(page, billType);
        const stored = sampleBill(billType, { billno: EDITED_BILL });
        await expect(headerInput(canvasElement, billType).value).toBe(String(stored[billType.header[0].name]));
        await findButton(page, EDITOR_TEXTS.update);
      },
    },
    List: {
      args: { path: listRoute(billType) },
      play: async ({ canvasElement }) => {
        await expect(await listedBillNumbers(pageOf(canvasElement))).toEqual(SEEDED);
      },
    },
    Saved: {
      args: { path: editRoute(billType, EDITED_BILL) },
      play: async ({ canvasElement }) => {
        const page = pageOf(canvasElement);
        await formReady(page, billType);
        await userEvent.click(await findButton(page, EDITOR_TEXTS.update));
        const confirm = await findDialog(page, EDITOR_TEXTS.saveConfirm.title);
        await userEvent.click(within(confirm).getByRole('button', { name: EDITOR_TEXTS.saveConfirm.confirmLabel }));
        const dialog = await findDialog(page, SAVED_TITLE);
        await expect(within(dialog).getByText(billType.successMessage)).toBeTruthy();
        const buttons = within(dialog).getAllByRole('button').map((button) => button.textContent);
        // Issue 32: every saved bill may be sent by e-mail or shared from here; issue 29: a sales bill's payment recorded.
        const pay = billType.countsAsSales ? [PAY_BUTTON] : [];
        await expect(buttons).toEqual([SEND_BUTTON, SHARE_BUTTON, ...pay, ...(billType.successPreview ? [PREVIEW_BUTTON] : []), SAVED_BUTTON]);
      },
    },
    Convert: {
      args: { path: editRoute(billType, EDITED_BILL) },
      play: async ({ canvasElement }) => {
        const page = pageOf(canvasElement);
        await formReady(page, billType);
        await userEvent.click(await findButton(page, billType.convert!.button));
        const dialog = await findDialog(page, billType.convert!.title);
        await expect(within(dialog).getByText(billType.convert!.text)).toBeTruthy();
      },
    },
  };
}

/**
 * The stories of one bill type as a CSF module (default export and named stories). Storybook loads
 * it through a virtual module per type (.storybook/bill-type-stories.ts); tests compose it directly.
 */
export function billTypeStories(billType: BillType): Record<string, unknown> {
  const meta: Meta<typeof StoryApp> = {
    title: billTypeStoriesTitle(billType),
    component: StoryApp,
    args: { signedIn: true },
  };
  const stories = screenStories(billType);
  const named = billTypeScreens(billType).map(({ exportName, name }) => [exportName, { ...stories[exportName], name }]);
  return { default: meta, ...Object.fromEntries(named) };
}

export function billTypeStoriesOf(type: string): Record<string, unknown> {
  const billType = registry.byType(type);
  if (!billType) throw new Error(`No bill type "${type}" in schemas/bills: restart Storybook after adding one.`);
  return billTypeStories(billType);
}
