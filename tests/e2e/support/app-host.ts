/**
 * The browser files' one server process (issue 44: CI in 15 minutes). Started once per run by app-host-setup.ts, it
 * loads the compiled server (dist/server/main.js) once and runs each browser file's app in it: the file's own
 * DATA_DIR (its own SQLite database, auth secret and audit key), on its own port (its own origin, so the browser
 * keeps its storage apart too). A file's app was a process of its own, which cost a node start, the server's
 * import and an OWASP-cost password hash per file.
 *
 * Control, on 127.0.0.1 only: POST /apps (body: the file's environment overrides) starts an app and answers
 * `HostedApp`; GET /apps/:id/output is what it printed and logged; DELETE /apps/:id stops it, removes its
 * DATA_DIR and answers the uncaught errors the host saw while it ran, so that a server bug still fails a file.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TEST_PASSWORD_COST } from '../../support/password-cost';
import { HOST_READY_TEXT, type HostedApp } from './hosted-app';
import { ROOT, scratchApp } from './server';

type ServerMain = typeof import('../../../src/server/main');
const { configFromEnv, startServer } = (await import(pathToFileURL(join(ROOT, 'dist/server/main.js')).href)) as ServerMain;

interface LiveApp {
  output: string[];
  uncaught: string[];
  stop(): Promise<void>;
}

const apps = new Map<string, LiveApp>();

/** An error no request or app caught: kept for every live app, whose file then fails when it stops its app. */
function noteUncaught(kind: string, error: unknown) {
  const text = `${kind}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  console.error(text);
  for (const app of apps.values()) app.uncaught.push(text);
}
process.on('uncaughtException', (error) => noteUncaught('uncaughtException', error));
process.on('unhandledRejection', (reason) => noteUncaught('unhandledRejection', reason));

async function launchApp(env: Record<string, string>): Promise<HostedApp> {
  const id = randomBytes(6).toString('hex');
  const { dataDir, operator, settings, removeData } = scratchApp();
  const output: string[] = [];
  const config = configFromEnv({ ...settings, ...env });
  try {
    const server = await startServer(config, {
      print: (line) => output.push(`${line}\n`),
      logStream: { write: (line) => output.push(line) },
      passwordCost: TEST_PASSWORD_COST,
    });
    const stop = async () => {
      await server.stop();
      removeData();
    };
    apps.set(id, { output, uncaught: [], stop });
    return { id, url: server.url, dataDir, operator };
  } catch (error) {
    removeData();
    throw error;
  }
}

async function stopApp(id: string): Promise<string[]> {
  const app = apps.get(id);
  if (!app) return [];
  apps.delete(id);
  await app.stop();
  return app.uncaught;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function control(request: IncomingMessage, response: ServerResponse) {
  const [, collection, id, part] = (request.url ?? '').split('/');
  if (collection !== 'apps') return answer(response, 404, { msg: 'Unknown path' });
  if (request.method === 'POST' && !id) return answer(response, 200, await launchApp(JSON.parse((await readBody(request)) || '{}')));
  if (request.method === 'GET' && part === 'output') return answer(response, 200, { output: apps.get(id)?.output.join('') ?? '' });
  if (request.method === 'DELETE' && id) return answer(response, 200, { uncaught: await stopApp(id) });
  answer(response, 404, { msg: 'Unknown path' });
}

const host = createServer((request, response) => {
  control(request, response).catch((error: Error) => answer(response, 500, { msg: error.stack ?? error.message }));
});
host.listen(0, '127.0.0.1', () => {
  const address = host.address();
  if (address && typeof address === 'object') console.log(`${HOST_READY_TEXT} http://127.0.0.1:${address.port}`);
});

async function stopAll() {
  host.close();
  await Promise.all([...apps.keys()].map(stopApp));
  process.exit(0);
}
process.once('SIGTERM', () => void stopAll());
process.once('SIGINT', () => void stopAll());
