import { expect } from 'vitest';
import { jsonOf, type Api } from './harness';

let people = 0;

/**
 * An operator added by the owner (the harness's OPERATOR) through the API, signed in and past the first-sign-in
 * password change: their token and e-mail.
 */
export async function signedInAs(api: Api, role: string, units: string[] | null = null): Promise<{ email: string; token: string }> {
  const email = `${role}-${++people}@alfadiesel.test`;
  const first = `first password ${people}`;
  const added = await api.post('/api/common/addoperator', { email, role, units, password: first });
  expect(added.statusCode, added.body).toBe(200);
  const login = jsonOf(await api.post('/api/auth/login', { email, password: first }, null));
  expect(login.account.mustChangePassword).toBe(true);
  const changed = await api.post('/api/auth/changepassword', { password: first, newpassword: `chosen password ${people}` }, login.authToken);
  expect(changed.statusCode, changed.body).toBe(200);
  return { email, token: jsonOf(changed).authToken };
}
