import { expect, it } from 'vitest';
import { financialYearLabel, financialYearOf, localIsoDay } from '../../src/engine/core';
import { loadRoles } from '../../src/server/auth/roles';
import { validPayload } from '../fixtures/payloads';
import { describeEachDatabase } from './databases';
import { jsonOf, OPERATOR, useApi } from './harness';
import { signedInAs } from './roles-support';

const roles = loadRoles();
const PUBLIC_ROUTES = ['POST /api/auth/login sign-in', 'POST /api/auth/logout sign-out'];

describeEachDatabase('roles: every route checks the role (issue 45)', (database) => {
  const api = useApi(database);

  it('declares an action of roles.json on every route but sign-in, sign-out and the web app\'s files', () => {
    const routes = api.app.routeAccess;
    expect(routes.length).toBeGreaterThan(60);
    const undeclared = routes.filter((route) => !route.access && !route.publicRoute);
    expect(undeclared).toEqual([]);
    for (const route of routes.filter((r) => r.access)) expect(roles.actions.has(route.access!.action), route.url).toBe(true);
    const open = routes.filter((route) => route.publicRoute && route.publicRoute !== 'static file');
    expect(open.map((route) => `${route.method} ${route.url} ${route.publicRoute}`)).toEqual(PUBLIC_ROUTES);
  });

  it('answers every route for every role as roles.json says: a 403 {msg} naming the role and the action, or not refused', async () => {
    const tokens = new Map<string, string>([['owner', api.token]]);
    for (const role of roles.roles.keys()) if (!tokens.has(role)) tokens.set(role, (await signedInAs(api, role)).token);
    const calls = api.app.routeAccess.filter((route) => route.access && route.method !== 'HEAD');
    for (const [name, token] of tokens) {
      const role = roles.roles.get(name)!;
      for (const { method, url, access } of calls) {
        const response = method === 'GET' ? await api.get(url, token) : await api.post(url, {}, token);
        const allowed = role.actions.has(access!.action) || (access!.narrower !== undefined && role.actions.has(access!.narrower.action));
        const call = `${name}: ${method} ${url} (${access!.action})`;
        if (allowed) {
          expect(response.statusCode, `${call} ${response.body.slice(0, 200)}`).not.toBe(403);
          expect(response.statusCode, `${call} ${response.body.slice(0, 200)}`).toBeLessThan(500);
        } else {
          expect(response.statusCode, call).toBe(403);
          expect(jsonOf(response), call).toEqual({ msg: `Your role (${name}) may not ${roles.actions.get(access!.action)}.` });
        }
      }
    }
  });

  it('lets an accountant read the reports and settings, never the operators, and write nothing', async () => {
    const { token } = await signedInAs(api, 'accountant');
    const billType = api.registry.billTypes.find((b) => b.unit === 'gst' && b.countsAsSales)!;
    expect((await api.save(billType, 41)).statusCode).toBe(200);
    expect((await api.post('/api/gst/gstr1', { fp: '112026' }, token)).statusCode).toBe(200);
    expect((await api.post('/api/gst/salesregister', { from: '2026-11-01', to: '2026-11-30', format: 'csv' }, token)).statusCode).toBe(200);
    expect((await api.post('/api/common/getbill', { billtype: billType.type }, token)).statusCode).toBe(200);
    const settings = await api.post('/api/gst/getmailsettings', {}, token);
    expect(settings.statusCode).toBe(200);
    expect(settings.body).not.toMatch(/password"\s*:\s*"[^"]/);
    const refused = await api.post('/api/common/deletebill', { billtype: billType.type, billno: 41, fy: '2026-27' }, token);
    expect(refused.statusCode).toBe(403);
    expect(jsonOf(refused)).toEqual({ msg: 'Your role (accountant) may not delete or cancel bills.' });
    expect(jsonOf(await api.post('/api/common/getoperators', {}, token))).toEqual({ msg: 'Your role (accountant) may not manage operators.' });
    expect((await api.save(billType, 41, {}, 'update')).statusCode).toBe(200);
    const update = await api.post(billType.createPath, { method: 'update', type: billType.type, billno: 41 }, token);
    expect(jsonOf(update)).toEqual({ msg: 'Your role (accountant) may not create or edit bills.' });
  });

  it('lets an operator delete a bill dated today but not an older one; an owner deletes either', async () => {
    const { token } = await signedInAs(api, 'operator');
    const billType = api.registry.billTypes.find((b) => b.unit === 'alfadiesel' && !b.cancelsOnDelete)!;
    const today = localIsoDay();
    const dateField = billType.roles.billDate.name;
    const older = '2026-04-02';
    expect((await api.save(billType, 51, { [dateField]: today })).statusCode).toBe(200);
    expect((await api.save(billType, 52, { [dateField]: older })).statusCode).toBe(200);
    const ref = (billno: number, day: string) => ({ billtype: billType.type, billno, fy: financialYearLabel(financialYearOf(day)) });

    const refused = await api.post('/api/common/deletebill', ref(52, older), token);
    expect(refused.statusCode).toBe(403);
    expect(jsonOf(refused).msg).toBe(
      `Your role (operator) may only delete or cancel bills dated today: Bill No. 52 is dated ${older}, not today (${today}).`,
    );
    expect((await api.post('/api/common/deletebill', ref(51, today), token)).statusCode).toBe(200);
    expect((await api.post('/api/common/deletebill', ref(52, older))).statusCode).toBe(200);
  });

  it('limits an operator to their units: another unit\'s bills, profile, reports and payments are 403', async () => {
    const { token } = await signedInAs(api, 'operator', ['alfadiesel']);
    const own = api.registry.billTypes.find((b) => b.unit === 'alfadiesel')!;
    const other = api.registry.billTypes.find((b) => b.unit === 'gst')!;
    expect((await api.post('/api/common/getbill', { billtype: own.type }, token)).statusCode).toBe(200);
    expect((await api.post('/api/alfadiesel/getprofile', {}, token)).statusCode).toBe(200);
    const refusals = [
      await api.post('/api/common/getbill', { billtype: other.type }, token),
      await api.post('/api/common/showpdf', { billtype: other.type, billno: 1 }, token),
      await api.post('/api/gst/getprofile', {}, token),
      await api.post('/api/gst/salesbymonth', { year: 2026 }, token),
      await api.post(other.createPath, { method: 'create', type: other.type }, token),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(jsonOf(refused).msg).toMatch(/^Your account may not work on .+; it is limited to alfadiesel\.$/);
    }
    // The shared clients stay readable, with their bills of the operator's units only.
    expect((await api.save(own, 61)).statusCode).toBe(200);
    expect((await api.save(other, 61)).statusCode).toBe(200);
    const clientname = String(validPayload(own)[own.roles.clientName.name]);
    const bills = jsonOf(await api.post(`/api/common/${api.registry.clients.endpoints.bills}`, { [api.registry.clients.key.name]: clientname }, token)).bill;
    expect(bills.length).toBeGreaterThan(0);
    expect(bills.every((bill: { billtype: string }) => api.registry.byType(bill.billtype)!.unit === 'alfadiesel')).toBe(true);
    const all = jsonOf(await api.post(`/api/common/${api.registry.clients.endpoints.bills}`, { [api.registry.clients.key.name]: clientname })).bill;
    expect(all.some((bill: { billtype: string }) => api.registry.byType(bill.billtype)!.unit === 'gst')).toBe(true);
    const me = jsonOf(await api.post('/api/auth/me', {}, token)).account;
    expect(me).toMatchObject({ role: 'operator', units: ['alfadiesel'], mustChangePassword: false });
    expect(me.actions).toContain('bills.write');
    expect(me.actions).not.toContain('operators.manage');
  });

  it('keeps the last enabled owner: no demotion, disabling or removal of them', async () => {
    for (const change of [{ role: 'accountant' }, { disabled: true }]) {
      const refused = await api.post('/api/common/updateoperator', { email: OPERATOR.email, ...change });
      expect(refused.statusCode).toBe(409);
      expect(jsonOf(refused).msg).toBe(`${OPERATOR.email} is the last owner: make another operator an owner first, or nobody could manage operators.`);
    }
    const second = await signedInAs(api, 'owner');
    expect((await api.post('/api/common/updateoperator', { email: second.email, disabled: true })).statusCode).toBe(200);
    // A disabled owner does not count: the first is still the last enabled one.
    expect((await api.post('/api/common/updateoperator', { email: OPERATOR.email, role: 'operator' })).statusCode).toBe(409);
    expect((await api.post('/api/common/updateoperator', { email: second.email, disabled: false })).statusCode).toBe(200);
    expect((await api.post('/api/common/updateoperator', { email: second.email, role: 'accountant' })).statusCode).toBe(200);
    expect(jsonOf(await api.post('/api/common/updateoperator', { email: 'nobody@alfadiesel.test', role: 'owner' }))).toEqual({
      msg: 'nobody@alfadiesel.test is not an operator.',
    });
  });

  it('keeps one enabled owner when two owners are demoted at once (on PostgreSQL too)', async () => {
    const owners = await Promise.all([signedInAs(api, 'owner'), signedInAs(api, 'owner')]);
    // The harness's owner steps down first, leaving the two new ones; each then demotes the other at the same moment.
    expect((await api.post('/api/common/updateoperator', { email: OPERATOR.email, role: 'operator' })).statusCode).toBe(200);
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        api.post('/api/common/updateoperator', { email: owners[1].email, role: 'accountant' }, owners[0].token),
        api.post('/api/common/updateoperator', { email: owners[0].email, role: 'accountant' }, owners[1].token),
      ]);
      // One wins; the other is refused as the last owner (409) or, when it came second, as no owner any more (403).
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      const kept = answers[0].statusCode === 200 ? owners[0] : owners[1];
      const listed = jsonOf(await api.post('/api/common/getoperators', {}, kept.token)).operators;
      expect(listed.filter((o: { role: string; disabled: boolean }) => o.role === 'owner' && !o.disabled)).toHaveLength(1);
      const demoted = kept === owners[0] ? owners[1] : owners[0];
      expect((await api.post('/api/common/updateoperator', { email: demoted.email, role: 'owner' }, kept.token)).statusCode).toBe(200);
    }
    expect((await api.post('/api/common/updateoperator', { email: OPERATOR.email, role: 'owner' }, owners[0].token)).statusCode).toBe(200);
  });

  it('refuses a disabled operator\'s token at once (401 {msg}) and their sign-in, and takes them back when enabled', async () => {
    const clerk = await signedInAs(api, 'operator');
    expect((await api.post('/api/auth/me', {}, clerk.token)).statusCode).toBe(200);
    expect((await api.post('/api/common/updateoperator', { email: clerk.email, disabled: true })).statusCode).toBe(200);
    const refused = await api.post('/api/auth/me', {}, clerk.token);
    expect(refused.statusCode).toBe(401);
    expect(jsonOf(refused)).toEqual({ msg: 'Your account has been disabled; ask an owner to enable it.' });
    const password = `chosen password ${clerk.email.match(/\d+/)![0]}`;
    expect((await api.post('/api/auth/login', { email: clerk.email, password }, null)).statusCode).toBe(401);
    expect((await api.post('/api/common/updateoperator', { email: clerk.email, disabled: false })).statusCode).toBe(200);
    expect((await api.post('/api/auth/me', {}, clerk.token)).statusCode).toBe(200);
  });

  it('applies a change of role to the next call of a session already signed in', async () => {
    const clerk = await signedInAs(api, 'operator');
    const payments = `/api/alfadiesel/${api.registry.payments!.endpoints.list}`;
    expect((await api.post('/api/alfadiesel/getlock', {}, clerk.token)).statusCode).toBe(200);
    expect((await api.post('/api/common/updateoperator', { email: clerk.email, role: 'accountant', units: ['gst'] })).statusCode).toBe(200);
    expect((await api.post(payments, {}, clerk.token)).statusCode).toBe(403);
    expect((await api.post('/api/gst/getlock', {}, clerk.token)).statusCode).toBe(200);
  });

  it('makes a first or reset password be changed before anything else', async () => {
    const email = 'newcomer@alfadiesel.test';
    expect((await api.post('/api/common/addoperator', { email, role: 'operator', units: null, password: 'first password x' })).statusCode).toBe(200);
    const login = jsonOf(await api.post('/api/auth/login', { email, password: 'first password x' }, null));
    expect(login.account).toMatchObject({ email, role: 'operator', units: null, mustChangePassword: true });
    const blocked = await api.post('/api/common/getbill', { billtype: api.registry.billTypes[0].type }, login.authToken);
    expect(blocked.statusCode).toBe(403);
    expect(jsonOf(blocked).msg).toMatch(/^Please change your password first/);
    expect((await api.post('/api/auth/me', {}, login.authToken)).statusCode).toBe(200);
    const same = await api.post('/api/auth/changepassword', { password: 'first password x', newpassword: 'first password x' }, login.authToken);
    expect(same.statusCode).toBe(400);
    const wrong = await api.post('/api/auth/changepassword', { password: 'not the password', newpassword: 'my own password' }, login.authToken);
    expect(wrong.statusCode).toBe(403);
    const changed = jsonOf(await api.post('/api/auth/changepassword', { password: 'first password x', newpassword: 'my own password' }, login.authToken));
    expect(changed.account.mustChangePassword).toBe(false);
    expect((await api.post('/api/auth/me', {}, login.authToken)).statusCode).toBe(401);
    expect((await api.post('/api/common/getbill', { billtype: api.registry.billTypes[0].type }, changed.authToken)).statusCode).toBe(200);

    expect((await api.post('/api/common/resetoperatorpassword', { email, password: 'reset password y' })).statusCode).toBe(200);
    expect((await api.post('/api/auth/me', {}, changed.authToken)).statusCode).toBe(401);
    const again = jsonOf(await api.post('/api/auth/login', { email, password: 'reset password y' }, null));
    expect(again.account.mustChangePassword).toBe(true);
    const listed = jsonOf(await api.post('/api/common/getoperators', {})).operators.find((o: { email: string }) => o.email === email);
    expect(listed).toMatchObject({ role: 'operator', units: null, disabled: false, mustChangePassword: true });
    expect(JSON.stringify(listed)).not.toMatch(/scrypt|hash/i);
  });

  it('refuses bad operator input with 400 {msg} and changes nothing', async () => {
    const bad = [
      { email: 'x@alfadiesel.test', role: 'boss', units: null, password: 'a long password' },
      { email: 'x@alfadiesel.test', role: 'operator', units: ['nowhere'], password: 'a long password' },
      { email: 'x@alfadiesel.test', role: 'operator', units: [], password: 'a long password' },
      { email: 'not an address', role: 'operator', units: null, password: 'a long password' },
      { email: 'x@alfadiesel.test', role: 'operator', units: null, password: 'short' },
    ];
    for (const body of bad) {
      const response = await api.post('/api/common/addoperator', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof jsonOf(response).msg).toBe('string');
    }
    const emails = jsonOf(await api.post('/api/common/getoperators', {})).operators.map((o: { email: string }) => o.email);
    expect(emails).not.toContain('x@alfadiesel.test');
    expect((await api.post('/api/common/addoperator', { email: OPERATOR.email, role: 'operator', units: null, password: 'a long password' })).statusCode).toBe(409);
  });
});
