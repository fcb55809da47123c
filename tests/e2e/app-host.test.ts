import { existsSync } from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { validPayload } from '../fixtures/payloads';
import { apiSession, registry, type RunningApp } from './support';
import { startHostedApp } from './support/hosted-app';

/**
 * The browser files' app host (docs/testing.md): one server process, each file's app in it on its own data and
 * origin, so that files cannot see each other's bills, and nothing of an app is left once its file stops it.
 */
const host = inject('appHost');
const invoice = registry.billTypes[0];
const started: RunningApp[] = [];

async function hostedApp(): Promise<RunningApp> {
  const app = await startHostedApp(host!);
  started.push(app);
  return app;
}

async function lastBillNumber(app: RunningApp): Promise<number | null> {
  const api = await apiSession(app);
  return (await api.postJson<{ billno: { billno: number | null } }>('/api/common/getbillno', { billtype: invoice.type })).billno.billno;
}

afterAll(async () => {
  await Promise.all(started.map((app) => app.stop()));
});

describe('the app host', () => {
  it('runs in the e2e project', () => {
    expect(host).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("gives each file an app of its own: another origin, another data directory, and none of the other's bills", async () => {
    const [first, second] = await Promise.all([hostedApp(), hostedApp()]);
    expect(new URL(first.url).origin).not.toBe(new URL(second.url).origin);
    expect(first.dataDir).not.toBe(second.dataDir);
    const before = await lastBillNumber(second);
    await (await apiSession(first)).saveBill(invoice, validPayload(invoice, 7, { invoiceno: 7 }));
    expect(await lastBillNumber(first)).toBe(7);
    expect(await lastBillNumber(second)).toBe(before);
    expect(before).not.toBe(7);
    expect(await first.output()).toContain(`Billing server on ${first.url}`);
  });

  it('stops an app: its address answers no more and its data directory is gone', async () => {
    const app = await startHostedApp(host!);
    await app.stop();
    await expect(fetch(app.url)).rejects.toThrow();
    expect(existsSync(app.dataDir)).toBe(false);
  });
});
