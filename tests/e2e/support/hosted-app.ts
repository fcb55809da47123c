import type { RunningApp } from './server';

/** A browser file's app in the run's app host (app-host.ts), as its control answers it. */
export interface HostedApp {
  id: string;
  url: string;
  dataDir: string;
  operator: { email: string; password: string };
}

/** What the host prints once it listens, before its control address. */
export const HOST_READY_TEXT = 'App host on';

async function control<T>(hostUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(new URL(path, hostUrl), {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as T & { msg?: string };
  if (!response.ok) throw new Error(`The app host refused ${method} ${path}: ${answer.msg}`);
  return answer;
}

/**
 * A fresh app (its own DATA_DIR and port) in the run's app host. Stopping it fails when the host saw an error no
 * request caught while it ran, as the app's own process would have died of it.
 */
export async function startHostedApp(hostUrl: string, env: Record<string, string> = {}): Promise<RunningApp> {
  const app = await control<HostedApp>(hostUrl, 'POST', '/apps', env);
  const output = async () => (await control<{ output: string }>(hostUrl, 'GET', `/apps/${app.id}/output`)).output;
  const stop = async () => {
    const { uncaught } = await control<{ uncaught: string[] }>(hostUrl, 'DELETE', `/apps/${app.id}`);
    if (uncaught.length > 0) throw new Error(`The server failed outside a request:\n${uncaught.join('\n')}`);
  };
  return { url: app.url, dataDir: app.dataDir, operator: app.operator, output, stop };
}
