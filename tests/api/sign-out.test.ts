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

  it('needs a token: without one it is 401 {msg}', async () => {
    const answer = await api.post('/api/auth/logout', {}, null);
    expect(answer.statusCode).toBe(401);
    expect(jsonOf(answer).msg).toMatch(/sign in again/);
  });
});
