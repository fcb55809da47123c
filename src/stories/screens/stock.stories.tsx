import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { registry, stockRoute } from '../../app';
import { appStory } from '../support/app-story';
import { findButton, SCREEN_TIMEOUT_MS } from '../support/play';
import { StoryApp } from '../support/StoryApp';

const meta = { title: 'Screens/Stock', component: StoryApp } satisfies Meta<typeof StoryApp>;
export default meta;

const wait = { timeout: SCREEN_TIMEOUT_MS };
const unit = registry.units[0];

/** Each stocked product on hand with its value, a filter at its reorder level marked Low stock (issue 48). */
export const OnHand = appStory(stockRoute(unit), {
  play: async (page) => {
    const table = await page.findByRole('table', { name: `Stock of ${unit.menuLabel}` }, wait);
    await within(table).findByText('₹ 5,70,000.00', {}, wait);
    const low = table.querySelectorAll('tbody tr.stock-row--low');
    await expect(low.length).toBe(1);
    await expect(within(low[0] as HTMLElement).getByText('Low stock')).toBeTruthy();
  },
});

/** A serialised product's movements with their running balance, and its engine numbers in stock and sold. */
export const ProductMovements = appStory(stockRoute(unit), {
  play: async (page) => {
    await userEvent.click(await findButton(page, 'Movements of DG Set 15 kVA'));
    const moves = await page.findByRole('table', { name: 'Movements of DG Set 15 kVA' }, wait);
    await within(moves).findByText('Kirloskar Oil Engines', {}, wait);
    const serials = await page.findByRole('table', { name: 'Serial numbers of DG Set 15 kVA' }, wait);
    await within(serials).findByText(/to Kaveri Agro Industries/, {}, wait);
  },
});
