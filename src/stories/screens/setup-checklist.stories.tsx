import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { defaultProfile, sellerProfile } from '../../engine/core';
import { ApiProvider, createAppApi, createRoute, registry, SETUP_TEXTS, SetupChecklist } from '../../app';
import { createMockBackend } from '../mocks/mock-backend';
import { mockHttp } from '../mocks/mock-http';
import { landingBillType } from '../support/bill-types';
import { pageOf, SCREEN_TIMEOUT_MS } from '../support/play';
import { storyRegistry } from '../support/story-registry';

/**
 * The set-up checklist the landing screen of a fresh database leads with (issue 30): each unit's Business
 * Profile, ticked once saved. The mock API answers getprofile with `saved` for the units the story names.
 */
function Checklist({ saved }: { saved: string[] }) {
  const [api] = useState(() => {
    const base = createAppApi(mockHttp(createMockBackend(storyRegistry)));
    return {
      ...base,
      getProfile: async (unit: string) => ({ ...profileOf(unit), saved: saved.includes(unit) }),
    };
  });
  return (
    <ApiProvider api={api}>
      <MemoryRouter initialEntries={[createRoute(landingBillType)]}>
        <main className="app-main">
          <SetupChecklist units={registry.units} />
        </main>
      </MemoryRouter>
    </ApiProvider>
  );
}

/** What getprofile answers for a unit never saved: its units.json letterhead. */
function profileOf(unit: string) {
  const letterhead = registry.units.find((each) => each.slug === unit)!.letterhead;
  return { ...sellerProfile(defaultProfile(letterhead), '0'), version: 0 };
}

const meta = { title: 'Screens/Set-up checklist', component: Checklist } satisfies Meta<typeof Checklist>;
export default meta;
type Story = StoryObj<typeof meta>;

const wait = { timeout: SCREEN_TIMEOUT_MS };

/** The lines, as "{unit} Business Profile" and its state, once the answers are in. */
async function stepsOf(canvasElement: HTMLElement): Promise<string[]> {
  const region = await pageOf(canvasElement).findByRole('region', { name: SETUP_TEXTS.title }, wait);
  return within(region)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

export const NothingSaved: Story = {
  args: { saved: [] },
  play: async ({ canvasElement }) => {
    await expect(await stepsOf(canvasElement)).toEqual(registry.units.map((unit) => `${SETUP_TEXTS.step(unit)}${SETUP_TEXTS.toDo}`));
  },
};

export const OneSaved: Story = {
  args: { saved: [registry.units[0].slug] },
  play: async ({ canvasElement }) => {
    await expect(await stepsOf(canvasElement)).toEqual(
      registry.units.map((unit, index) => `${SETUP_TEXTS.step(unit)}${index === 0 ? SETUP_TEXTS.saved : SETUP_TEXTS.toDo}`),
    );
  },
};
