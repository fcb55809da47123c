import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApiServer } from '../../src/server/api-server';
import { SECRET_FILE } from '../../src/server/auth/secret';
import { configFromEnv } from '../../src/server/config';
import { loadRegistry } from '../../src/server/schema-files';
import { openStorage, type Storage } from '../../src/server/storage';
import { validPayload } from '../fixtures/payloads';
import { gstProfile } from '../fixtures/profile';
import { describeEachDatabase, type ScratchDatabase } from './databases';
import { AUTH_SECRET, jsonOf } from './harness';
import { startServerProcess } from './processes';

function envOf(scratch: ScratchDatabase): NodeJS.ProcessEnv {
  return {
    DATA_DIR: scratch.options.dataDir,
    DATABASE_URL: scratch.options.databaseUrl ?? '',
    AUTH_SECRET: '',
    OPERATOR_EMAIL: '',
    OPERATOR_PASSWORD: '',
  };
}

async function call(url: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

describeEachDatabase('the server process (npm start)', (database) => {
  let scratch: ScratchDatabase | undefined;
  afterAll(() => scratch?.dispose());

  it('makes the first operator with a generated password printed once, keeps its signing key, and serves HTTP', async () => {
    scratch = await database.create();
    const first = await startServerProcess(envOf(scratch));
    const printed = /first operator (\S+) with the password (\S+)/.exec(first.output());
    expect(printed).not.toBeNull();
    const [, email, password] = printed!;
    // units.json ships placeholder letterheads: the operator is told once per unit.
    expect(first.output()).toContain('the Alfa Diesel letterhead in schemas/units.json still holds placeholder values');
    expect(first.output()).toContain('the GST letterhead in schemas/units.json still holds placeholder values');
    expect(statSync(join(scratch.options.dataDir, SECRET_FILE)).mode & 0o777).toBe(0o600);

    const login = await call(first.url, '/api/auth/login', { email, password });
    expect(login.status).toBe(200);
    const { authToken } = JSON.parse(login.body.toString());
    const registry = loadRegistry();
    const taxinvoice = registry.byType('taxinvoice')!;
    const created = await call(
      first.url,
      '/api/gst/createtaxbill',
      { method: 'create', type: 'taxinvoice', ...validPayload(taxinvoice) },
      authToken,
    );
    expect(created.status).toBe(200);
    expect(created.type).toBe('application/pdf');
    expect(created.body.subarray(0, 5).toString()).toBe('%PDF-');
    // Once a unit's business profile is saved, its placeholder note goes.
    expect((await call(first.url, '/api/gst/saveprofile', gstProfile({ logo: '', signature: '' }), authToken)).status).toBe(200);
    expect(await first.stop()).toBe(0);

    const second = await startServerProcess({
      ...envOf(scratch),
      OPERATOR_EMAIL: 'late@alfadiesel.test',
      OPERATOR_PASSWORD: 'ignored-now',
    });
    expect(second.output()).not.toMatch(/password/);
    expect(second.output()).toContain('the Alfa Diesel letterhead in schemas/units.json still holds placeholder values');
    expect(second.output()).not.toContain('the GST letterhead');
    const list = await call(second.url, '/api/common/getbill', { billtype: 'taxinvoice' }, authToken);
    expect(JSON.parse(list.body.toString())).toEqual({
      bill: [{ billno: 1, date: '2026-11-21', clientname: 'Shree Ganesh Transport' }],
    });
    expect(
      (await call(second.url, '/api/auth/login', { email: 'late@alfadiesel.test', password: 'ignored-now' })).status,
    ).toBe(401);
    expect(await second.stop()).toBe(0);
    // Two server starts, three password hashes and a PDF worker's start: slow on a loaded machine.
  }, 90_000);
});

describe('the first operator from OPERATOR_EMAIL and OPERATOR_PASSWORD', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'billing-first-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is created with that password, and none is printed', async () => {
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      OPERATOR_EMAIL: 'owner@alfadiesel.test',
      OPERATOR_PASSWORD: 'owner password 1',
      AUTH_SECRET: 'a'.repeat(40),
    };
    const server = await startServerProcess(env);
    expect(server.output()).toContain(
      'Created the first operator owner@alfadiesel.test (password from OPERATOR_PASSWORD).',
    );
    expect(
      (await call(server.url, '/api/auth/login', { email: 'owner@alfadiesel.test', password: 'owner password 1' }))
        .status,
    ).toBe(200);
    expect(await server.stop()).toBe(0);
  });
});

describe('the web app beside the API', () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'billing-web-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'billing-web-data-'));
  let storage: Storage | undefined;
  afterAll(async () => {
    await storage?.close();
    rmSync(webRoot, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves built files, falls back to index.html for app routes, and keeps /api answers JSON', async () => {
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Your Bill Section</title>');
    writeFileSync(join(webRoot, 'assets', 'app-1a2b.js'), 'console.log(1)');
    storage = await openStorage({ dataDir });
    const app = await buildApiServer({ registry: loadRegistry(), storage, authSecret: AUTH_SECRET, webRoot });

    for (const url of ['/', '/alfadiesel/invoicebill', '/gst/view/taxinvoicebill/12']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('Your Bill Section');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');

    const api = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(jsonOf(api)).toEqual({ msg: 'No such API endpoint: GET /api/nothing' });
    await app.close();
  });

  it('marks every API answer no-store by what answered, however the path is spelled', async () => {
    storage ??= await openStorage({ dataDir });
    const app = await buildApiServer({ registry: loadRegistry(), storage, authSecret: AUTH_SECRET, webRoot });
    for (const url of [
      '/api/common/getbillno',
      '/%61pi/common/getbillno',
      '/%61pi/common/%67etbillno',
      '/api/nothing',
    ]) {
      const answer = await app.inject({ method: 'POST', url, payload: { billtype: 'invoice' } });
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
    expect((await app.inject({ method: 'POST', url: '/%61pi/common/getbillno' })).statusCode).toBe(401);
    await app.close();
  });

  it('serves source maps only when asked (SOURCE_MAPS=1)', async () => {
    writeFileSync(join(webRoot, 'assets', 'app-1a2b.js.map'), '{"version":3,"sources":["src/app/main.tsx"]}');
    storage ??= await openStorage({ dataDir });
    for (const serveSourceMaps of [false, true]) {
      const app = await buildApiServer({
        registry: loadRegistry(),
        storage,
        authSecret: AUTH_SECRET,
        webRoot,
        serveSourceMaps,
      });
      const map = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js.map' });
      expect(map.statusCode).toBe(serveSourceMaps ? 200 : 404);
      expect(map.body.includes('src/app/main.tsx')).toBe(serveSourceMaps);
      await app.close();
    }
    expect(configFromEnv({}).serveSourceMaps).toBe(false);
    expect(configFromEnv({ SOURCE_MAPS: '1' }).serveSourceMaps).toBe(true);
  });

  it('says how to build the web app when it is not built', async () => {
    storage ??= await openStorage({ dataDir });
    const app = await buildApiServer({
      registry: loadRegistry(),
      storage,
      authSecret: AUTH_SECRET,
      webRoot: join(webRoot, 'missing'),
    });
    const page = await app.inject({ method: 'GET', url: '/alfadiesel/invoicebill' });
    expect(page.statusCode).toBe(404);
    expect(jsonOf(page).msg).toMatch(/npm run build/);
    await app.close();
  });
});
