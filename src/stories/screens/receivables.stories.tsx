import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { receivablesRoute, registry } from '../../app';
import { appStory } from '../support/app-story';
import { findButton, findDialog, SCREEN_TIMEOUT_MS } from '../support/play';
import { StoryApp } from '../support/StoryApp';

const meta = { title: 'Screens/Receivables', component: StoryApp } satisfies Meta<typeof StoryApp>;
export default meta;

const wait = { timeout: SCREEN_TIMEOUT_MS };
const unit = registry.units[0];

/** What each client owes the unit, aged by days past due, most owed first, with the totals (issue 29). */
export const Ageing = appStory(receivablesRoute(unit), {
  play: async (page) => {
    const table = await page.findByRole('table', {}, wait);
    await within(table).findByText('₹ 18,500.00', {}, wait);
    const rows = table.querySelectorAll('tbody tr');
    await expect(rows.length).toBe(2);
    await expect(within(rows[0] as HTMLElement).getByRole('link').textContent).toBe('Kaveri Agro Industries');
    await findButton(page, 'Remind on WhatsApp: Kaveri Agro Industries');
  },
});

/** A client's statement: the period (this financial year unless changed), PDF, CSV or by e-mail. */
export const Statement = appStory(receivablesRoute(unit), {
  play: async (page) => {
    await userEvent.click(await findButton(page, 'Statement of Bharat Roadways'));
    const dialog = await findDialog(page, 'Client statement');
    await within(dialog).findByRole('button', { name: 'Download PDF' }, wait);
    await within(dialog).findByRole('button', { name: 'E-mail statement' }, wait);
  },
});
