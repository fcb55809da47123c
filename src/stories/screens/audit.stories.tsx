import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AUDIT_PATH, editRoute } from '../../app';
import { appStory } from '../support/app-story';
import { goodsBillType } from '../support/bill-types';
import { findButton, formReady, SCREEN_TIMEOUT_MS } from '../support/play';
import { StoryApp } from '../support/StoryApp';

const meta = { title: 'Screens/Audit', component: StoryApp } satisfies Meta<typeof StoryApp>;
export default meta;

const wait = { timeout: SCREEN_TIMEOUT_MS };

/** Issue 45: nothing on record yet (a fresh install), so no filter has a choice. */
export const Empty = appStory(AUDIT_PATH, {
  play: async (page) => {
    await page.findByText('No changes on record yet.', {}, wait);
    await findButton(page, 'Download CSV');
  },
});

/** Sixty changes by three operators, newest first, fifty to a page: field, line and figure changes. */
export const Rows = appStory(AUDIT_PATH, {
  backend: { auditEntries: 60 },
  play: async (page) => {
    const table = await page.findByRole('table', { name: 'Audit trail' }, wait);
    await expect(table.querySelectorAll('tbody tr').length).toBe(50);
    await within(table).findAllByText('Added line: Engine oil 15W40 × 2 @ 450.00', {}, wait);
    await page.findByText(/1–50 of 60/, {}, wait);
    await expect(page.getByRole('option', { name: 'ravi@alfadiesel.example' })).toBeTruthy();
  },
});

/** Verify chain: the chain holds, and the note says so with its head. */
export const VerifyOk = appStory(AUDIT_PATH, {
  backend: { auditEntries: 60 },
  play: async (page) => {
    await userEvent.click(await findButton(page, 'Verify chain'));
    const note = await page.findByRole('status', {}, wait);
    await expect(note.textContent).toMatch(/^The audit chain of 60 rows verifies; head 60:/);
  },
});

/** Verify chain when a row was changed in the database by hand: the error names the row. */
export const VerifyBroken = appStory(AUDIT_PATH, {
  backend: { auditEntries: 60, brokenChain: true },
  play: async (page) => {
    await userEvent.click(await findButton(page, 'Verify chain'));
    const note = await page.findByText(/^Row 17 \(/, {}, wait);
    await expect(note.getAttribute('role')).toBe('alert');
  },
});

/** A bill's History, opened under its edit screen: created, then edited twice, each change with before and after. */
export const History = appStory(editRoute(goodsBillType, 1), {
  play: async (page) => {
    await formReady(page, goodsBillType);
    await userEvent.click(await findButton(page, 'Show history'));
    const history = await page.findByRole('region', { name: 'History' }, wait);
    await within(history).findByText('Address: Hassan → Plot 14, MIDC Taloja', {}, wait);
    await expect(within(history).getAllByRole('listitem').filter((item) => item.parentElement?.tagName === 'OL').length).toBe(3);
  },
});
