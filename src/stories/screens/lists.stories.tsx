import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { listRoute } from '../../app';
import { appStory } from '../support/app-story';
import { landingBillType } from '../support/bill-types';
import { listedBillNumbers } from '../support/play';
import { StoryApp } from '../support/StoryApp';

const meta = { title: 'Screens/Lists', component: StoryApp } satisfies Meta<typeof StoryApp>;
export default meta;

const path = listRoute(landingBillType);

/** A type with no bills yet says so and offers to create the first one. */
export const Empty = appStory(path, {
  backend: { billsPerType: 0 },
  play: async (page) => {
    await page.findByText(`No ${landingBillType.menuLabel} saved yet.`);
    await expect(page.getByRole('link', { name: `Create ${landingBillType.menuLabel}` })).toBeTruthy();
  },
});

/** More bills than a page holds: newest first, 25 to a page. */
export const ManyBills = appStory(path, {
  backend: { billsPerType: 60 },
  play: async (page) => {
    const shown = await listedBillNumbers(page);
    await expect(shown).toHaveLength(25);
    await expect(shown[0]).toBe('60');
    await page.findByText(/^1–25 of 60 /);
  },
});

/** Searching by bill number narrows the list to that bill. */
export const Searched = appStory(path, {
  backend: { billsPerType: 60 },
  play: async (page) => {
    await listedBillNumbers(page);
    await userEvent.type(page.getByLabelText('Search'), '42');
    await page.findByText(/^1–1 of 1 /);
    await expect(await listedBillNumbers(page)).toEqual(['42']);
  },
});
