import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../src/engine/core';
import type { AuditPage } from '../../../src/app/audit/audit-api';
import rolesFile from '../../../schemas/roles.json';
import { accountOf, fakeApi, registry, renderApp, signIn } from './support';

const SCREEN = { timeout: 15_000 };
const accountant = accountOf(rolesFile.roles.accountant.actions, { role: 'accountant', roleLabel: 'Accountant' });

function entry(seq: number, more: Partial<AuditEntry> = {}): AuditEntry {
  return {
    seq,
    at: '2026-11-29T04:44:00.000Z',
    operator: 'ravi@alfadiesel.test',
    action: 'update',
    unit: 'gst',
    type: 'taxinvoice',
    billno: 41,
    document: 'Tax Invoice Bill 41 (2026-27)',
    changes: [
      { kind: 'field', label: 'Address', before: 'Hassan', after: 'Taloja' },
      { kind: 'line-removed', line: 'Coolant 5L × 1 @ 620.00' },
      { kind: 'field', label: 'Total', before: '1,000.00', after: '1,180.00' },
    ],
    ...more,
  };
}

function answer(entries: AuditEntry[], total = entries.length, page = 1): AuditPage {
  return {
    entries,
    total,
    page,
    pageSize: 50,
    operators: ['owner@alfadiesel.test', 'ravi@alfadiesel.test'],
    documents: [{ value: 'taxinvoice', label: 'Tax Invoice Bill' }, { value: 'client', label: 'Client' }],
    actions: ['create', 'update'],
  };
}

function auditApi(pages: AuditPage, verdict = { ok: true, rows: 120, head: '120:3fa2', msg: 'The audit chain of 120 rows verifies; head 120:3fa2.' }) {
  const api = fakeApi();
  api.audit.list = vi.fn(async () => pages);
  api.audit.verify = vi.fn(async () => verdict);
  return api;
}

describe('the Audit screen (issue 45)', () => {
  it('lists the entries with each change, and sends the filters picked from the choices the server gave', async () => {
    const api = auditApi(answer([entry(2), entry(1, { action: 'create', changes: [{ kind: 'field', label: 'Total', before: '', after: '1,000.00' }] })], 120));
    signIn();
    renderApp('/audit', api);
    const table = await screen.findByRole('table', { name: 'Audit trail' }, SCREEN);
    const [, newest, oldest] = within(table).getAllByRole('row');
    expect(within(newest).getByText('Address: Hassan → Taloja')).toBeTruthy();
    expect(within(newest).getByText('Removed line: Coolant 5L × 1 @ 620.00')).toBeTruthy();
    expect(within(newest).getByText('Edited')).toBeTruthy();
    expect(within(oldest).getByText('Total: 1,000.00')).toBeTruthy();
    expect(within(oldest).getByText('Created')).toBeTruthy();
    expect(screen.getByText(/1–50 of 120/)).toBeTruthy();
    expect(api.audit.list).toHaveBeenLastCalledWith({}, 1, 50);

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Operator'), 'ravi@alfadiesel.test');
    await user.selectOptions(screen.getByLabelText('Document'), 'Tax Invoice Bill');
    await user.selectOptions(screen.getByLabelText('Action'), 'Edited');
    await waitFor(() => expect(api.audit.list).toHaveBeenLastCalledWith({ operator: 'ravi@alfadiesel.test', document: 'taxinvoice', action: 'update' }, 1, 50));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.audit.list).toHaveBeenLastCalledWith(expect.objectContaining({ operator: 'ravi@alfadiesel.test' }), 2, 50));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(api.audit.csv).toHaveBeenCalledWith({ operator: 'ravi@alfadiesel.test', document: 'taxinvoice', action: 'update' });
  });

  it('asks nothing for a period whose start is after its end, and says so', async () => {
    const api = auditApi(answer([entry(1)]));
    signIn();
    renderApp('/audit', api);
    await screen.findByRole('table', { name: 'Audit trail' }, SCREEN);
    const calls = vi.mocked(api.audit.list).mock.calls.length;
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('From'), '2026-12-01');
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    expect(await screen.findByText('Pick a period whose start is not after its end.')).toBeTruthy();
    expect(vi.mocked(api.audit.list).mock.calls.slice(calls).some(([filters]) => filters.from === '2026-12-01' && filters.to === '2026-11-01')).toBe(false);
  });

  it("an owner's Verify chain shows the server's msg: a success note, or an error naming the row", async () => {
    const broken = { ok: false, rows: 120, head: '120:3fa2', msg: 'Row 17 (29 Nov 2026 10:14, ravi@example.com, update Tax Invoice 41) was changed.' };
    for (const [verdict, role] of [[undefined, 'status'], [broken, 'alert']] as const) {
      const api = auditApi(answer([entry(1)]), verdict);
      signIn();
      const { unmount } = renderApp('/audit', api);
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Verify chain' }, SCREEN));
      const note = await screen.findByRole(role);
      expect(note.textContent).toBe(verdict?.msg ?? 'The audit chain of 120 rows verifies; head 120:3fa2.');
      expect(api.audit.verify).toHaveBeenCalledWith(undefined);
      unmount();
    }
  });

  it('an accountant reads the trail but has no Verify chain; the header links Audit', async () => {
    const api = auditApi(answer([entry(1)]));
    api.account.me = vi.fn(async () => accountant);
    signIn('accountant-token');
    renderApp('/audit', api);
    await screen.findByRole('table', { name: 'Audit trail' }, SCREEN);
    expect(screen.getByRole('link', { name: 'Audit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verify chain' })).toBeNull();
  });
});

describe('the Reports screen and the audit chain (issue 45)', () => {
  it('shows the chain head a register or GSTR-1 download was made at, and nothing when the server sends none', async () => {
    const api = fakeApi();
    api.reports.download = vi.fn(async () => ({ blob: new Blob(['a,b']), fileName: 'register.csv' }));
    api.reports.gstr1 = vi.fn(async () => ({ blob: new Blob(['{}']), fileName: 'gstr1.json', auditHead: '57:9c1e4b' }));
    URL.createObjectURL ??= () => 'blob:test';
    URL.revokeObjectURL ??= () => {};
    signIn();
    renderApp('/reports', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }, SCREEN));
    await waitFor(() => expect(api.reports.download).toHaveBeenCalled());
    expect(screen.queryByText(/Audit chain head/)).toBeNull();
    const gstUnit = registry.billTypes.find((billType) => billType.countsAsSales && billType.tax)!.unit;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), gstUnit);
    await user.selectOptions(screen.getByLabelText('Period'), 'lastMonth');
    await user.click(screen.getByRole('button', { name: 'Download GSTR-1 JSON' }));
    expect((await screen.findByText(/Audit chain head/)).textContent).toBe('Audit chain head: 57:9c1e4b');
  });
});
