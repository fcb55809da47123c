import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/app/api/error-message';
import { clearToken, getToken } from '../../../src/app/auth/token-store';
import { createRoute, landingPath, listRoute } from '../../../src/app/paths';
import { billType, fakeApi, registry, renderApp, signIn } from './support';

const LANDING = '/alfadiesel/invoicebill';
/** A list screen is a lazily loaded chunk: on a busy machine it takes longer than findBy's default second. */
const LAZY_SCREEN = { timeout: 15_000 };
const MENU_LABELS = {
  'Alfa Diesel': ['Invoice Bill', 'Quotation Bill', 'Service Bill', 'Service Quotation Bill'],
  GST: ['Tax Invoice Bill', 'Tax Quotation Bill', 'Tax Service Bill', 'Tax Service Quotation Bill'],
};

describe('sign-in (spec 2)', () => {
  it('lands on the first menu entry, the spec landing page', () => {
    expect(landingPath(registry)).toBe(LANDING);
  });

  it('has email and password fields and a Login button', async () => {
    renderApp('/');
    // The sign-in page loads on demand (a signed-in operator's bill screens never need it).
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('sends whatever was typed, stores authToken under "token" and goes to the landing page', async () => {
    const api = fakeApi([], { login: vi.fn(async () => 'jwt-1') });
    const { router } = renderApp('/', api);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'not an email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LANDING));
    expect(api.login).toHaveBeenCalledWith('not an email', '');
    expect(localStorage.getItem('token')).toBe('jwt-1');
  });

  it('shows the server msg when sign-in fails and stays on /', async () => {
    const api = fakeApi([], { login: vi.fn(async () => Promise.reject(new ApiError('Invalid email or password', 401))) });
    const { router } = renderApp('/', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(getToken()).toBeNull();
  });

  it('forwards / to the landing page when a token exists', async () => {
    signIn();
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe(LANDING));
  });
});

describe('guard (spec 2)', () => {
  it.each(registry.billTypes.flatMap((b) => [createRoute(b), listRoute(b), `${listRoute(b)}/3`]))(
    'sends %s to / without a token',
    async (path) => {
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    },
  );

  it('sends an unknown path to / without a token, and shows not-found with one', async () => {
    const signedOut = renderApp('/nowhere');
    await waitFor(() => expect(signedOut.router.state.location.pathname).toBe('/'));
    signedOut.unmount();
    signIn();
    renderApp('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('returns to / when the operator signs out here (Logout, or Sign out after a refused call)', async () => {
    signIn();
    const { router } = renderApp(listRoute(registry.billTypes[0]));
    await screen.findByRole('columnheader', { name: 'Bill No.' }, LAZY_SCREEN);
    act(() => clearToken());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  /** A list open, then its token removed in another tab (a storage event here): answers the dialog that opens. */
  async function tokenLostOnList(path: string) {
    signIn();
    const { router } = renderApp(path);
    await screen.findByRole('columnheader', { name: 'Bill No.' }, LAZY_SCREEN);
    act(() => {
      localStorage.removeItem('token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    return { router, dialog: await screen.findByRole('dialog', { name: 'Sign in again' }) };
  }

  it('keeps the screen and asks to sign in again when the token is lost (removed in another tab); Sign out there returns to /', async () => {
    const path = listRoute(registry.billTypes[0]);
    const { router, dialog } = await tokenLostOnList(path);
    expect(within(dialog).getByText(/Your session is missing or has expired\. Please sign in again\./)).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
    // Under the dialog (hidden from assistive technology while it is open), the list is still there.
    expect(screen.getByRole('heading', { name: `${registry.billTypes[0].menuLabel} list`, hidden: true })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('a lost token signed in again by another tab closes the dialog and keeps the screen', async () => {
    const path = listRoute(registry.billTypes[0]);
    const { router, dialog } = await tokenLostOnList(path);
    act(() => {
      localStorage.setItem('token', 'another-tab-token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(router.state.location.pathname).toBe(path);
  });
});

describe('header (spec 2)', () => {
  it('shows only the title when signed out', () => {
    renderApp('/');
    expect(screen.getByText('Your Bill Section')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Bill' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it.each([
    ['Create Bill', createRoute],
    ['View Bill', listRoute],
  ])('%s lists both groups with every bill type and its screen', async (menuName, pathOf) => {
    signIn();
    renderApp(LANDING);
    // The menus show once the server has said what the role may do (issue 45).
    const button = await screen.findByRole('button', { name: menuName });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    for (const [group, labels] of Object.entries(MENU_LABELS)) {
      const list = within(panel).getByRole('list', { name: group });
      // The spec's entries in the spec's order; a maintainer's new bill type may sit among them (checked below).
      const links = within(list).getAllByRole('link').map((link) => link.textContent ?? '');
      expect(links.filter((label) => labels.includes(label))).toEqual(labels);
    }
    // Each type within its unit's group: two units may both have a "Tax Invoice Bill".
    for (const { unit, billTypes } of registry.menu()) {
      const list = within(panel).getByRole('list', { name: unit.menuLabel });
      for (const billType of billTypes) {
        expect(within(list).getByRole('link', { name: billType.menuLabel }).getAttribute('href')).toBe(pathOf(billType));
      }
    }
  });

  it('marks the current entry and closes the menu after a choice', async () => {
    signIn();
    const { router } = renderApp(LANDING);
    // The GST unit's links (another unit may have entries of the same labels).
    const gstLink = (name: string) => within(screen.getByRole('list', { name: 'GST' })).getByRole('link', { name });
    fireEvent.click(screen.getByRole('button', { name: 'View Bill' }));
    fireEvent.click(gstLink('Tax Service Bill'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gst/view/taxservicebill'));
    const button = screen.getByRole('button', { name: 'View Bill' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const current = gstLink('Tax Service Bill');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.className).toContain('menu-link--current');
    expect(gstLink('Tax Invoice Bill').className).not.toContain('menu-link--current');
  });

  it('closes an open menu on Escape and on a click elsewhere', () => {
    signIn();
    renderApp(LANDING);
    const button = screen.getByRole('button', { name: 'Create Bill' });
    fireEvent.click(button);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    fireEvent.pointerDown(document.body);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('Logout has the server revoke the token, removes it and goes to /', async () => {
    signIn('token-to-revoke');
    const { router, api } = renderApp(LANDING);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    // First it looks for unsaved bills kept for the operator (none here: jsdom has no IndexedDB).
    await waitFor(() => expect(api.logout).toHaveBeenCalledWith('token-to-revoke'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getToken()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Bill' })).toBeNull();
  });
});

describe('create and edit routes render the bill editor (spec 2)', () => {
  it('a create route opens a new bill of its type', async () => {
    signIn();
    const api = fakeApi();
    renderApp('/gst/taxservicebill', api);
    // The editor is a lazily loaded chunk: on a busy machine it takes longer than findBy's default second.
    expect(await screen.findByRole('heading', { name: 'TAX SERVICE BILL' }, { timeout: 10_000 })).toBeTruthy();
    expect(api.services.nextBillNumber).toHaveBeenCalledWith(billType('taxservice'));
  });

  it('an edit route loads the bill of its type and number', async () => {
    signIn();
    const api = fakeApi();
    renderApp('/alfadiesel/view/quotationbill/7', api);
    await waitFor(() => expect(api.services.loadBill).toHaveBeenCalledWith(billType('quotation'), 7), LAZY_SCREEN);
  });

  it('an edit route with something other than a bill number is not found', async () => {
    signIn();
    const api = fakeApi();
    renderApp('/alfadiesel/view/quotationbill/seven', api);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(api.services.loadBill).not.toHaveBeenCalled();
  });
});
