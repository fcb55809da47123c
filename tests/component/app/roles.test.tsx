import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { listRoute } from '../../../src/app/paths';
import rolesFile from '../../../schemas/roles.json';
import { accountOf, billType, fakeApi, renderApp, rowsOf, signIn } from './support';

const quotation = billType('taxquotation');
const accountant = accountOf(rolesFile.roles.accountant.actions, { role: 'accountant', roleLabel: 'Accountant' });
const operator = accountOf(rolesFile.roles.operator.actions, { role: 'operator', roleLabel: 'Operator' });

describe('screens hide what the role may not do (issue 45), as the server said', () => {
  it('an accountant sees the list and Reports, but no Create Bill, New, Delete or Operators', async () => {
    signIn('accountant-token');
    renderApp(listRoute(quotation), fakeApi(rowsOf(2), { account: { me: vi.fn(async () => accountant), changePassword: vi.fn() } }));
    expect(await screen.findByRole('link', { name: 'Reports' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View Bill' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Bill' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Operators' })).toBeNull();
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('button', { name: 'View' })).toHaveLength(2));
    expect(within(table).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^New / })).toBeNull();
  });

  it('an operator sees Delete only on a bill dated today', async () => {
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    const rows = [
      { billno: 2, date: iso, clientname: 'Today Client' },
      { billno: 1, date: '2024-03-15', clientname: 'Older Client' },
    ];
    signIn('operator-token');
    renderApp(listRoute(quotation), fakeApi(rows, { account: { me: vi.fn(async () => operator), changePassword: vi.fn() } }));
    expect(await screen.findByRole('button', { name: 'Create Bill' })).toBeTruthy();
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('button', { name: 'Delete' })).toHaveLength(1));
    const [todayRow] = within(table).getAllByRole('row').filter((row) => row.textContent?.includes('Today Client'));
    expect(within(todayRow).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('an owner sees Operators; a password set by an owner is changed before any screen', async () => {
    signIn('owner-token');
    const changePassword = vi.fn(async () => ({ msg: 'Your password has been changed.', authToken: 'owner-token-2', account: accountOf() }));
    const me = vi.fn(async () => accountOf(undefined, { mustChangePassword: true }));
    renderApp(listRoute(quotation), fakeApi(rowsOf(1), { account: { me, changePassword } }));
    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.change(screen.getByLabelText('Password you signed in with'), { target: { value: 'first password' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'my own password' } });
    fireEvent.change(screen.getByLabelText('New password again'), { target: { value: 'my own password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(changePassword).toHaveBeenCalledWith('first password', 'my own password'));
    expect(await screen.findByRole('table')).toBeTruthy();
    // Operators and Audit share the header's Admin entry (one line at 1366 px).
    fireEvent.click(screen.getByRole('button', { name: 'Admin' }));
    expect(screen.getByRole('link', { name: 'Operators' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Audit' })).toBeTruthy();
  });
});
