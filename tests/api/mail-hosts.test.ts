import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api } from './harness';
import { startHungSmtp } from './hung-smtp';
import { mailSettings, SMTP_PASSWORD, SMTP_USER, startSmtp, type TestSmtp } from './smtp';

const UNIT = 'alfadiesel';
const save = (api: Api, body: object) => api.post(`/api/${UNIT}/savemailsettings`, body);
const stored = async (api: Api) => jsonOf(await api.post(`/api/${UNIT}/getmailsettings`, {})).settings;
const sendCount = async (api: Api) => (await api.storage.database.db.selectFrom('mail_sends').select('id').execute()).length;

/**
 * Never connected to: every host below is refused before a connection is tried (literal addresses, no DNS), so the
 * tests send nothing off this machine.
 */
const PRIVATE_HOSTS = ['10.1.2.3', '172.16.5.5', '192.168.1.10', '[fd00::25]', '[::ffff:10.1.2.3]'];
const NEVER_HOSTS = ['169.254.169.254', '[fe80::1]', '[::ffff:169.254.169.254]', '0.0.0.0', '224.0.0.25'];

describeEachDatabase('where mail may go (issue 42 item 3)', (database) => {
  const api = useApi(database);
  let first: TestSmtp;
  let second: TestSmtp;
  /** Sign-ins the second server saw (user and password), whether it accepted them or not. */
  const secondSignIns: string[] = [];

  beforeAll(async () => {
    first = await startSmtp();
    second = await startSmtp(0, {
      authOptional: true,
      onAuth(auth, _session, callback) {
        secondSignIns.push(`${auth.username}:${auth.password}`);
        if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
        return callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
      },
    });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('refuses private, link-local and reserved mail servers at save, and changes nothing', async () => {
    for (const host of PRIVATE_HOSTS) {
      const answer = await save(api, mailSettings(25, { host }));
      expect([answer.statusCode, jsonOf(answer).msg], host).toEqual([
        400,
        `The mail server ${host} is on a private network: sending there needs MAIL_ALLOW_PRIVATE_HOSTS=1 in the server's configuration.`,
      ]);
    }
    for (const host of NEVER_HOSTS) {
      const answer = await save(api, mailSettings(25, { host }));
      expect([answer.statusCode, jsonOf(answer).msg], host).toEqual([
        400,
        `The mail server ${host} is at a link-local, multicast or reserved address: mail is never sent there.`,
      ]);
    }
    expect((await stored(api)).saved).toBe(false);
    // The loopback is allowed: a mail server on the same machine is common.
    expect((await save(api, mailSettings(first.port, { host: 'localhost' }))).statusCode).toBe(200);
  });

  it('refuses at send time too a host saved before the rule (or by another way): testmail and the queue', async () => {
    const before = (await api.storage.mail.settings(UNIT))!;
    await api.storage.mail.saveSettings(UNIT, { ...before, host: '169.254.169.254', port: 25 }, 'operator@alfadiesel.test');
    const test = await api.post(`/api/${UNIT}/testmail`, { to: 'owner@alfadiesel.test' });
    expect([test.statusCode, jsonOf(test).msg]).toEqual([400, 'The mail server 169.254.169.254 is at a link-local, multicast or reserved address: mail is never sent there.']);
    expect((await api.save(api.registry.byType('invoice')!, 1)).statusCode).toBe(200);
    const sent = jsonOf(await api.post('/api/common/sendbill', { billtype: 'invoice', billno: 1, to: ['buyer@example.test'] }));
    let log = jsonOf(await api.post('/api/common/getsendlog', { billtype: 'invoice', billno: 1 })).sends[0];
    while (log.status === 'queued') {
      await new Promise((resolve) => setTimeout(resolve, 25));
      log = jsonOf(await api.post('/api/common/getsendlog', { billtype: 'invoice', billno: 1 })).sends[0];
    }
    // Final, not tried again: the address will not become allowed by waiting.
    expect(log).toMatchObject({ _id: sent._id, status: 'failed', attempts: 1, error: expect.stringContaining('mail is never sent there') });
  });

  it('the password stays with its server: a new host, port or user needs it typed again, so the new one never receives it', async () => {
    expect((await save(api, mailSettings(first.port))).statusCode).toBe(200);
    const { password: _password, ...withoutPassword } = mailSettings(first.port);
    const changes: Record<string, unknown>[] = [{ port: second.port }, { host: 'localhost' }, { user: 'someone@alfadiesel.test' }, { security: 'starttls' }];
    for (const change of changes) {
      const answer = await save(api, { ...withoutPassword, ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(jsonOf(answer).msg).toMatch(/changed: please type the password for .* again\.$/);
    }
    expect(await stored(api)).toMatchObject({ host: '127.0.0.1', port: first.port, user: SMTP_USER, passwordset: true });
    const test = await api.post(`/api/${UNIT}/testmail`, { to: 'owner@alfadiesel.test' });
    expect(test.statusCode, test.body).toBe(200);
    await first.message(1);

    // A server without sign-in needs no password: the stored one is dropped, not carried along.
    expect((await save(api, { ...withoutPassword, port: second.port, user: '' })).statusCode).toBe(200);
    expect(await stored(api)).toMatchObject({ port: second.port, user: '', passwordset: false });
    expect((await api.post(`/api/${UNIT}/testmail`, { to: 'owner@alfadiesel.test' })).statusCode).toBe(200);
    await second.message(1);
    expect((await save(api, { ...withoutPassword, port: second.port })).statusCode).toBe(200);
    // Back to signing in, with no password typed: nothing is stored to send, so the sign-in fails.
    expect(await stored(api)).toMatchObject({ user: SMTP_USER, passwordset: false });
    const refused = await api.post(`/api/${UNIT}/testmail`, { to: 'owner@alfadiesel.test' });
    expect([refused.statusCode, jsonOf(refused).msg]).toEqual([400, 'The mail server did not accept the user name and password.']);
    expect(secondSignIns.join()).not.toContain(SMTP_PASSWORD);
  });

  it("testmail answers a short failure class, never the far end's words", async () => {
    const other = await startHungSmtp('banner');
    try {
      expect((await save(api, mailSettings(other.port))).statusCode).toBe(200);
      const test = await api.post(`/api/${UNIT}/testmail`, { to: 'owner@alfadiesel.test' });
      expect([test.statusCode, jsonOf(test).msg]).toEqual([400, 'The mail server answered something unexpected.']);
      expect(test.body).not.toContain('OpenSSH');
    } finally {
      await other.close();
    }
  });
});

describeEachDatabase('private mail servers with the owner\'s permission (MAIL_ALLOW_PRIVATE_HOSTS)', (database) => {
  const api = useApi(database, undefined, { mailAllowPrivateHosts: true });

  it('saves a private network host, still never a link-local one', async () => {
    // Saved, never sent to: the test stops at the save.
    for (const host of PRIVATE_HOSTS) expect((await save(api, mailSettings(25, { host }))).statusCode, host).toBe(200);
    for (const host of NEVER_HOSTS) expect((await save(api, mailSettings(25, { host }))).statusCode, host).toBe(400);
    expect(await stored(api)).toMatchObject({ host: PRIVATE_HOSTS.at(-1) });
  });
});

describeEachDatabase('recipients per operator and hour (MAIL_RECIPIENTS_PER_HOUR)', (database) => {
  const api = useApi(database, undefined, { mailRecipientsPerHour: 4 });
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp?.close());

  it('limits the recipients one operator mails in an hour (tests included), answering 429 with Retry-After', async () => {
    expect((await save(api, mailSettings(smtp.port))).statusCode).toBe(200);
    expect((await api.save(api.registry.byType('invoice')!, 1)).statusCode).toBe(200);
    expect((await api.post(`/api/${UNIT}/testmail`, { to: 'owner@alfadiesel.test, accounts@alfadiesel.test' })).statusCode).toBe(200);
    const one = await api.post('/api/common/sendbill', { billtype: 'invoice', billno: 1, to: ['buyer@example.test'], cc: ['owner@alfadiesel.test'] });
    expect(one.statusCode, one.body).toBe(200);
    const before = await sendCount(api);
    const refusals = [
      await api.post('/api/common/sendbill', { billtype: 'invoice', billno: 1, to: ['buyer@example.test'] }),
      await api.post(`/api/${UNIT}/testmail`, { to: 'owner@alfadiesel.test' }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(429);
      expect(jsonOf(refused).msg).toMatch(/^You have e-mailed \d+ recipients in the last hour; at most 4 an hour are allowed\. Please try again in \d+ minutes?\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    }
    expect(await sendCount(api)).toBe(before);

    // Per operator: another operator mails as usual.
    await api.storage.operators.add('clerk@alfadiesel.test', await hashPassword('another long password'));
    const token = jsonOf(await api.post('/api/auth/login', { email: 'clerk@alfadiesel.test', password: 'another long password' }, null)).authToken;
    const theirs = await api.post('/api/common/sendbill', { billtype: 'invoice', billno: 1, to: ['buyer@example.test'] }, token);
    expect(theirs.statusCode, theirs.body).toBe(200);
  });
});
