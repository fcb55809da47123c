import type { Meta } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createRoute, listRoute } from '../../app';
import { appStory, type AppStory } from '../support/app-story';
import { goodsBillType, landingBillType } from '../support/bill-types';
import { formReady, listedBillNumbers } from '../support/play';
import { StoryApp } from '../support/StoryApp';
import { PHONE_GLOBALS } from '../support/viewports';

/** Issue 31: the screens at 390×844, where lists are cards and the form stacks. */
const meta = { title: 'Phone', component: StoryApp } satisfies Meta<typeof StoryApp>;
export default meta;

/** Each bill a card: its number, date, client, amount and actions, sorted from the Sort by menu. */
export const ListAsCards: AppStory = {
  ...appStory(listRoute(landingBillType), {
    play: async (page) => {
      await expect(await listedBillNumbers(page)).toEqual(['3', '2', '1']);
      await expect(page.getByLabelText('Sort by')).toBeTruthy();
    },
  }),
  globals: PHONE_GLOBALS,
};

export const CreateBill: AppStory = {
  ...appStory(createRoute(goodsBillType), { play: (page) => formReady(page, goodsBillType) }),
  globals: PHONE_GLOBALS,
};
