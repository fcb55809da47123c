import type { Meta } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { registry } from '../../app';
import { appStory } from '../support/app-story';
import { SCREEN_TIMEOUT_MS } from '../support/play';
import { StoryApp } from '../support/StoryApp';

const meta = { title: 'Screens/Today', component: StoryApp } satisfies Meta<typeof StoryApp>;
export default meta;

const wait = { timeout: SCREEN_TIMEOUT_MS };

/**
 * Issue 50: where signing in lands once set up: each unit's sales of the day, the bills due this week and the clients
 * past due, then the unsaved bills kept on this device (none in a story) and what the service contracts need.
 */
export const Today = appStory('/today', {
  play: async (page) => {
    await page.findByRole('heading', { name: 'Today', level: 1 }, wait);
    for (const unit of registry.units) {
      const card = await page.findByRole('article', { name: unit.menuLabel }, wait);
      const lines = await within(card).findAllByRole('listitem', {}, wait);
      await expect(lines.map((line) => line.textContent)).toEqual([
        `${registry.billTypes.find((billType) => billType.countsAsSales)!.menuLabel} No. 1 · Bharat Roadways · ₹ 4,000.00 due 13-11-2026`,
        'Kaveri Agro Industries · ₹ 13,000.00 past due since 01-09-2026',
      ]);
      await expect(within(card).getAllByRole('definition').map((figure) => figure.textContent)).toEqual(['₹ 7,080.00 2 bills', '₹ 4,000.00 1 bill', '₹ 13,000.00 1 client']);
    }
    await page.findByText('No unsaved bills on this device.', {}, wait);
  },
});
