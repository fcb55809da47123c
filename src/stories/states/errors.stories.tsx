import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { createRoute, editRoute, listRoute, SIGN_IN_AGAIN_TEXTS, UNREACHABLE_MESSAGE } from '../../app';
import type { BillType } from '../../engine/core';
import { EDITOR_TEXTS } from '../../engine/react';
import { SIGN_IN_EXPIRED, type Failure } from '../mocks/mock-backend';
import { appStory } from '../support/app-story';
import { goodsBillType, landingBillType } from '../support/bill-types';
import { expectErrorToast, findButton, findDialog, formReady, listedBillNumbers, type Page } from '../support/play';
import { StoryApp } from '../support/StoryApp';
import { typeSampleGoodsBill } from '../support/type-bill';

const meta = { title: 'Error states', component: StoryApp } satisfies Meta<typeof StoryApp>;
export default meta;

/** What the app says when the server answers with an error page and no msg (a proxy's 502). */
const SERVER_FAILED = 'The server could not complete the request (HTTP 502).';
const FAILURE_TEXT: Record<Failure, string> = { server: SERVER_FAILED, network: UNREACHABLE_MESSAGE };

async function confirmSave(page: Page, button: string): Promise<void> {
  await userEvent.click(await findButton(page, button));
  const confirm = await findDialog(page, EDITOR_TEXTS.saveConfirm.title);
  await userEvent.click(within(confirm).getByRole('button', { name: EDITOR_TEXTS.saveConfirm.confirmLabel }));
}

/** A whole bill typed under a number already used: the server refuses it (409) and the form keeps what was typed. */
export const DuplicateNumber = appStory(createRoute(goodsBillType), {
  play: async (page) => {
    await formReady(page, goodsBillType);
    await typeSampleGoodsBill(page, goodsBillType, { [goodsBillType.roles.billNumber.name]: 2 });
    await confirmSave(page, EDITOR_TEXTS.create);
    await expectErrorToast(page, 'Bill No. 2 already exists; bill numbers are never reused. Please use the next number.');
    await findButton(page, EDITOR_TEXTS.create);
  },
});

/** A save the server fails, or that never reaches it: the message, the loading state ended, the bill kept. */
function saveFails(billType: BillType, failure: Failure) {
  return appStory(editRoute(billType, 1), {
    backend: { failSaves: failure },
    play: async (page) => {
      await formReady(page, billType);
      await confirmSave(page, EDITOR_TEXTS.update);
      await expectErrorToast(page, FAILURE_TEXT[failure]);
      await findButton(page, EDITOR_TEXTS.update);
    },
  });
}

export const SaveServerError = saveFails(goodsBillType, 'server');
export const SaveNetworkError = saveFails(goodsBillType, 'network');

/** A list that cannot load says why (the server's answer, or no answer at all). */
function listFails(failure: Failure) {
  return appStory(listRoute(landingBillType), {
    backend: { failLists: failure },
    play: async (page) => {
      await expectErrorToast(page, FAILURE_TEXT[failure]);
    },
  });
}

export const ListServerError = listFails('server');
export const ListNetworkError = listFails('network');

/** The sign-in expired while the screen was open: the dialog asks to sign in again over it, keeping the work. */
export const ExpiredSignIn = appStory(editRoute(goodsBillType, 1), {
  backend: { expiredSignIn: true },
  play: async (page) => {
    const dialog = await findDialog(page, SIGN_IN_AGAIN_TEXTS.title);
    await expect(within(dialog).getByText(SIGN_IN_EXPIRED, { exact: false })).toBeTruthy();
    await expect(within(dialog).getByRole('button', { name: SIGN_IN_AGAIN_TEXTS.signIn })).toBeTruthy();
  },
});

/** Client names and addresses as long as the fields allow (500 and 2,000 characters): the list and the form wrap them. */
export const LongClientList = appStory(listRoute(landingBillType), {
  backend: { longClients: true },
  play: async (page) => {
    await expect(await listedBillNumbers(page)).toEqual(['3', '2', '1']);
  },
});

export const LongClientBill = appStory(editRoute(goodsBillType, 1), {
  backend: { longClients: true },
  play: async (page) => {
    await formReady(page, goodsBillType);
    const name = page.getByLabelText(goodsBillType.roles.clientName.title, { exact: true }) as HTMLInputElement;
    await expect(name.value.length).toBe(goodsBillType.roles.clientName.schema.maxLength);
  },
});
