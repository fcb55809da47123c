import { describe, expect, it } from 'vitest';
import { loadRoles, readRoles } from '../../src/server/auth/roles';

const ACTIONS = { 'account.read': 'read your own account', 'account.password': 'change your own password', 'bills.read': 'read bills' };
const ACCOUNT = ['account.read', 'account.password'];

describe('schemas/roles.json (issue 45)', () => {
  it('reads the shipped file: an owner with every action, and the other roles within them', () => {
    const roles = loadRoles();
    const owner = roles.roles.get('owner')!;
    expect(owner.actions.size).toBe(roles.actions.size);
    expect([...roles.roles.keys()]).toEqual(['owner', 'operator', 'accountant']);
    expect(roles.roles.get('accountant')!.actions.has('operators.manage')).toBe(false);
    expect([...roles.roles.get('accountant')!.actions].filter((action) => /write|delete|manage|send|register|restore/i.test(action))).toEqual([]);
  });

  it.each([
    ['a role naming an undeclared action', { actions: ACTIONS, roles: { owner: { label: 'Owner', actions: 'all' }, clerk: { label: 'Clerk', actions: [...ACCOUNT, 'bills.erase'] } } }, 'role "clerk" names action "bills.erase", which "actions" does not declare'],
    ['no owner', { actions: ACTIONS, roles: { clerk: { label: 'Clerk', actions: ACCOUNT } } }, 'role "owner" must exist and hold "all" actions'],
    ['an owner short of an action', { actions: ACTIONS, roles: { owner: { label: 'Owner', actions: ACCOUNT } } }, 'role "owner" must exist and hold "all" actions'],
    ['a role that cannot change its password', { actions: ACTIONS, roles: { owner: { label: 'Owner', actions: 'all' }, clerk: { label: 'Clerk', actions: ['account.read'] } } }, 'role "clerk" must hold "account.password"'],
    ['a role without a label', { actions: ACTIONS, roles: { owner: { actions: 'all' } } }, 'role "owner" needs a "label"'],
    ['an action named by URL', { actions: { ...ACTIONS, '/api/common/deletebill': 'delete' }, roles: {} }, 'action "/api/common/deletebill" must be named like "bills.read"'],
  ])('refuses %s with an error naming the file', (_name, file, problem) => {
    expect(() => readRoles(file)).toThrow(`schemas/roles.json: ${problem}`);
  });
});
