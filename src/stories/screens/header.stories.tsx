import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';
import { ApiProvider, createAppApi, createRoute, Header, HEADER_TITLE, ModalProvider, registry } from '../../app';
import { createMockBackend } from '../mocks/mock-backend';
import { mockHttp } from '../mocks/mock-http';
import { landingBillType } from '../support/bill-types';
import { findButton, pageOf } from '../support/play';
import { useSignedIn } from '../support/signed-in';
import { storyRegistry } from '../support/story-registry';

/**
 * The header alone, on the landing screen's path (so its menu entry is the current one); Logout calls the mock API
 * (and asks first through the modals when unsaved bills are kept).
 */
function HeaderOnly({ signedIn }: { signedIn: boolean }) {
  useSignedIn(signedIn);
  const [api] = useState(() => createAppApi(mockHttp(createMockBackend(storyRegistry))));
  return (
    <ApiProvider api={api}>
      <MemoryRouter initialEntries={[createRoute(landingBillType)]}>
        <ModalProvider>
          <Header registry={registry} />
        </ModalProvider>
      </MemoryRouter>
    </ApiProvider>
  );
}

const meta = { title: 'Screens/Header', component: HeaderOnly } satisfies Meta<typeof HeaderOnly>;
export default meta;
type Story = StoryObj<typeof meta>;

const groups = registry.menu();

export const SignedOut: Story = {
  args: { signedIn: false },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(page.getByText(HEADER_TITLE)).toBeTruthy();
    await expect(page.queryAllByRole('button')).toEqual([]);
  },
};

export const SignedIn: Story = {
  args: { signedIn: true },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    for (const name of ['Create Bill', 'View Bill', 'Logout']) await findButton(page, name);
  },
};

/** Spec 2: each menu lists both business groups; the current entry is highlighted. */
function menuOpen(menu: string): Story {
  return {
    args: { signedIn: true },
    play: async ({ canvasElement }) => {
      const page = pageOf(canvasElement);
      await userEvent.click(await findButton(page, menu));
      for (const group of groups) {
        const list = page.getByRole('list', { name: group.unit.menuLabel });
        const labels = within(list).getAllByRole('link').map((link) => link.textContent);
        await expect(labels).toEqual(group.billTypes.map((billType) => billType.menuLabel));
      }
    },
  };
}

export const CreateMenuOpen = menuOpen('Create Bill');
export const ViewMenuOpen = menuOpen('View Bill');
