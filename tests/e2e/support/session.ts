import type { Page } from 'playwright-core';
import type { BillType, Registry } from '../../../src/engine/core';
import { loadRegistry } from '../../../src/server/schema-files';
import type { RunningApp } from './server';
import { TOKEN_KEY } from '../../../src/app/auth/token-store';

export const registry: Registry = loadRegistry();

/** Spec 2: where sign-in lands. */
export const LANDING_PATH = '/alfadiesel/invoicebill';

/** Signs in through the sign-in page and waits for the landing screen (the sign-in tests' own path). */
export async function signInThroughPage(page: Page, app: RunningApp): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(app.operator.email);
  await page.getByLabel('Password').fill(app.operator.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === LANDING_PATH);
}

/** A same-origin blank document: somewhere to write the app's localStorage without loading the app. */
const BLANK_PATH = '/__e2e-blank';

/**
 * The token of each server's operator, signed in once over the API: a sign-in costs scrypt (a third of a second of a
 * core on `npm start`'s own process), and the browser files sign in before nearly every test. A token a test has since revoked (its page
 * signed out) is noticed by one cheap call and replaced.
 */
const tokens = new Map<string, string>();

async function stillSignedIn(app: RunningApp, token: string): Promise<boolean> {
  const answer = await fetch(new URL('/api/common/getbillno', app.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ billtype: registry.billTypes[0].type }),
  });
  return answer.status !== 401;
}

async function operatorToken(app: RunningApp): Promise<string> {
  const key = `${app.url} ${app.operator.email}`;
  const kept = tokens.get(key);
  if (kept && (await stillSignedIn(app, kept))) return kept;
  const authToken = await signInOverApi(app);
  tokens.set(key, authToken);
  return authToken;
}

/** A new token of the server's operator, from POST /api/auth/login. */
async function signInOverApi(app: RunningApp): Promise<string> {
  const login = await fetch(new URL('/api/auth/login', app.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(app.operator),
  });
  if (!login.ok) throw new Error(`Sign-in over the API failed: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { authToken: string }).authToken;
}

/**
 * Signed in as the sign-in page would leave it (a token from POST /api/auth/login under TOKEN_KEY), then `path`
 * opened: browser tests that are not about signing in skip the sign-in page and the landing screen, which cost
 * them a second or two each (sign-in.test.ts goes through the page).
 */
export async function signIn(page: Page, app: RunningApp, path = LANDING_PATH): Promise<void> {
  const authToken = await operatorToken(app);
  await page.route(BLANK_PATH, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }));
  await page.goto(BLANK_PATH);
  await page.evaluate(([key, token]) => localStorage.setItem(key, token), [TOKEN_KEY, authToken] as const);
  await page.unroute(BLANK_PATH);
  await page.goto(path);
}

export type Json = Record<string, unknown>;

/**
 * A bill's number as printed under its type's default series (the Tax Service Bill's S/{n}): lists show it,
 * and it leads the PDF's file name with / made _.
 */
export function printedAs(billType: BillType, billno: number): string {
  return billType.series.replace('{n}', String(billno));
}

/** The file name a bill's PDF downloads under (spec 9, the printed number leading). */
export function pdfNameOf(billType: BillType, billno: number, clientname: string): string {
  return `${printedAs(billType, billno).replaceAll('/', '_')}-${clientname}.pdf`;
}

/** The API called directly (spec 7), for arranging data and checking what the browser stored. */
export interface ApiSession {
  token: string;
  post(path: string, body: Json): Promise<Response>;
  postJson<T = Json>(path: string, body: Json): Promise<T>;
  /** Saves a bill through its create endpoint (method create unless given) and returns the PDF bytes. */
  saveBill(billType: BillType, payload: Json, method?: 'create' | 'update'): Promise<Buffer>;
}

export async function apiSession(app: RunningApp): Promise<ApiSession> {
  const call = (path: string, body: Json, token?: string) =>
    fetch(new URL(path, app.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  // Its own token, not signIn's: a test that signs a page out revokes that page's token only.
  const authToken = await signInOverApi(app);

  const post = (path: string, body: Json) => call(path, body, authToken);
  const failed = async (response: Response, path: string) =>
    new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return {
    token: authToken,
    post,
    async postJson<T>(path: string, body: Json) {
      const response = await post(path, body);
      if (!response.ok) throw await failed(response, path);
      return (await response.json()) as T;
    },
    async saveBill(billType, payload, method = 'create') {
      const response = await post(billType.createPath, { ...payload, method, type: billType.type });
      if (!response.ok) throw await failed(response, billType.createPath);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}

/**
 * A person the server's operator (an owner) adds over the API with `role` on every unit, signed in once and past
 * their first-sign-in password change (issue 45): their token.
 */
export async function addedOperatorToken(app: RunningApp, email: string, role: string): Promise<string> {
  const owner = await apiSession(app);
  await owner.postJson('/api/common/addoperator', { email, role, units: null, password: 'first password 1' });
  const call = (path: string, body: Json, token?: string) =>
    fetch(new URL(path, app.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const { authToken } = (await (await call('/api/auth/login', { email, password: 'first password 1' })).json()) as { authToken: string };
  const changed = await call('/api/auth/changepassword', { password: 'first password 1', newpassword: 'my own password 2' }, authToken);
  return ((await changed.json()) as { authToken: string }).authToken;
}

/** `path` opened signed in with `token`, as the sign-in page leaves its storage. */
export async function openSignedInAs(page: Page, token: string, path: string): Promise<void> {
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto(path);
}
