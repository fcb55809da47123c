import { expect, it } from 'vitest';
import { SIGNED_OUT } from '../../src/server/routes/auth';
import { describeEachDatabase } from './databases';
import { jsonOf, OPERATOR, useApi } from './harness';

describeEachDatabase('sign-out (POST /api/auth/logout)', (database) => {
  const api = useApi(database);
  const getbillno = (token: string | null) => api.post('/api/common/getbillno', { billtype: 'invoice' }, token);

  it('revokes the token it comes with, on this server and after; other sessions stay signed in', async () => {
    const other = jsonOf(await api.post('/api/auth/login', OPERATOR, null)).authToken as string;
    expect((await getbillno(api.token)).statusCode).toBe(200);

    const signedOut = await api.post('/api/auth/logout', {}, api.token);
    expect(signedOut.statusCode).toBe(200);
    expect(jsonOf(signedOut)).toEqual({ msg: SIGNED_OUT });
    expect(signedOut.headers['cache-control']).toBe('no-store');

    const refused = await getbillno(api.token);
    expect(refused.statusCode).toBe(401);
    expect(jsonOf(refused)).toEqual({ msg: 'Your session is missing or has expired. Please sign in again.' });
    expect((await api.post('/api/auth/logout', {}, api.token)).statusCode).toBe(401);
    expect((await getbillno(other)).statusCode).toBe(200);
    // Recorded in the database (so every server on it refuses the token), only until the token would expire.
    const rows = await api.storage.database.db.selectFrom('revoked_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(Date.parse(rows[0].expires_at)).toBeGreaterThan(Date.now());
  });

  it('revokes the token with an empty JSON body, or none at all, as with {}', async () => {
    for (const payload of ['', undefined]) {
      const token = jsonOf(await api.post('/api/auth/login', OPERATOR, null)).authToken as string;
      const signedOut = await api.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(signedOut.statusCode, `body ${JSON.stringify(payload)}`).toBe(200);
      expect(jsonOf(signedOut)).toEqual({ msg: SIGNED_OUT });
      expect((await getbillno(token)).statusCode).toBe(401);
    }
    // Other calls still refuse an empty JSON body, and a broken one is refused on sign-out too.
    const fresh = jsonOf(await api.post('/api/auth/login', OPERATOR, null)).authToken as string;
    const empty = await api.app.inject({
      method: 'POST',
      url: '/api/common/getbillno',
      headers: { authorization: `Bearer ${fresh}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(jsonOf(empty)).toEqual({ msg: 'The request body is empty; send a JSON object.' });
    const broken = await api.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${fresh}`, 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('needs a token: without one it is 401 {msg}', async () => {
    const answer = await api.post('/api/auth/logout', {}, null);
    expect(answer.statusCode).toBe(401);
    expect(jsonOf(answer).msg).toMatch(/sign in again/);
  });
});
