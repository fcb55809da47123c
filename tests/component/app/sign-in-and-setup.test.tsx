import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../src/app/auth/token-store';
import { createRoute, listRoute, profileRoute } from '../../../src/app/paths';
import { fakeApi, registry, renderApp, signIn } from './support';

/** A token whose payload names `email`, as the server's do (read, not verified, by the app). */
const tokenOf = (email: string) => `header.${btoa(JSON.stringify({ email })).replace(/=+$/, '')}.signature`;
const OPERATOR = 'operator@alfadiesel.test';
const [firstUnit, secondUnit] = registry.units;
const gstBillType = registry.billTypes.find((b) => b.unit === secondUnit.slug)!;

/** The list screen is a lazily loaded chunk: on a busy machine it takes longer than findBy's default second. */
const LAZY_SCREEN = { timeout: 15_000 };

const unitShown = (container: HTMLElement) => container.querySelector('.app-unit')?.textContent;

describe('the header names the unit of the screen (issue 30)', () => {
  it.each([
    [listRoute(gstBillType), secondUnit.menuLabel],
    [`${listRoute(gstBillType)}/4`, secondUnit.menuLabel],
    [profileRoute(firstUnit), firstUnit.menuLabel],
    ['/clients', undefined],
    [`/${secondUnit.slug}/no-such-screen`, undefined],
  ])('at %s: %s', async (path, unit) => {
    signIn();
    const { container } = renderApp(path);
    await screen.findByRole('button', { name: 'Logout' });
    expect(unitShown(container)).toBe(unit === undefined ? undefined : `Unit ${unit}`);
  });

  it('shows none signed out', async () => {
    const { container } = renderApp(createRoute(gstBillType));
    await screen.findByRole('button', { name: 'Login' });
    expect(unitShown(container)).toBeUndefined();
  });
});

describe('sign-in lands on the operator\'s last screen (issue 30)', () => {
  it('the screen they opened last, per operator; another operator the first time lands on the landing screen', async () => {
    setToken(tokenOf(OPERATOR));
    const visit = renderApp(listRoute(gstBillType));
    await screen.findByRole('heading', { name: `${gstBillType.menuLabel} list` }, LAZY_SCREEN);
    visit.unmount();
    localStorage.removeItem('token');

    const api = fakeApi([], { login: vi.fn(async (email: string) => tokenOf(email)) });
    const signingIn = renderApp('/', api);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: OPERATOR } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(signingIn.router.state.location.pathname).toBe(listRoute(gstBillType)));
    signingIn.unmount();
    localStorage.removeItem('token');

    const other = renderApp('/', api);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'second@alfadiesel.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(other.router.state.location.pathname).toBe(createRoute(registry.menu()[0].billTypes[0])));
  });
});

describe('the set-up checklist on the landing screen (issue 30)', () => {
  const landing = createRoute(registry.menu()[0].billTypes[0]);
  const profilesSaved = (saved: string[]) => {
    const getProfile = vi.fn(async (unit: string) => ({ ...(await fakeApi().getProfile(unit)), saved: saved.includes(unit) }));
    return { ...fakeApi([], { getProfile }), getProfile };
  };

  it('one line per unit, each linking to its Business Profile, ticked when saved', async () => {
    signIn();
    renderApp(landing, profilesSaved([firstUnit.slug]));
    const checklist = await screen.findByRole('region', { name: 'Set up before your first bill' }, LAZY_SCREEN);
    const lines = within(checklist).getAllByRole('listitem');
    // Every unit of units.json, in its order: only the first one's profile saved.
    expect(lines.map((line) => line.textContent)).toEqual(
      registry.units.map((unit) => `${unit.menuLabel} Business Profile${unit === firstUnit ? 'Saved' : 'Not saved yet'}`),
    );
    expect(within(lines[1]).getByRole('link').getAttribute('href')).toBe(profileRoute(secondUnit));
  });

  it('is not shown once every profile is saved, nor on another screen', async () => {
    signIn();
    const api = profilesSaved(registry.units.map((unit) => unit.slug));
    const atLanding = renderApp(landing, api);
    await waitFor(() => expect(api.getProfile).toHaveBeenCalledTimes(registry.units.length));
    // Every answer in and rendered.
    await act(async () => {
      await Promise.all(api.getProfile.mock.results.map((result) => result.value));
    });
    expect(screen.queryByRole('region', { name: 'Set up before your first bill' })).toBeNull();
    atLanding.unmount();

    const elsewhere = profilesSaved([]);
    renderApp(listRoute(gstBillType), elsewhere);
    await screen.findByRole('heading', { name: `${gstBillType.menuLabel} list` }, LAZY_SCREEN);
    expect(elsewhere.getProfile).not.toHaveBeenCalled();
  });
});
