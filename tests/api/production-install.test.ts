import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_METAFILE } from '../../scripts/server-entries';
import { loadRegistry } from '../../src/server/schema-files';
import { validPayload } from '../fixtures/payloads';
import { pdfText } from '../pdf/pdf-tools';
import { describeEachDatabase, type ScratchDatabase } from './databases';
import { ROOT } from './processes';

/**
 * Issue 44: the server is compiled at build time, so `npm ci --omit=dev` and `npm start` run it. The install is a
 * scratch directory with what a release carries beside the built dist/ (package.json, the lock file, schemas/,
 * npm start's two scripts) and node_modules with only the production packages, as `npm ls --omit=dev` lists them:
 * hard links of this checkout's, since `npm ci` itself would compile better-sqlite3 again for minutes.
 */
const RELEASE_FILES = ['package.json', 'package-lock.json', 'schemas', 'dist', 'scripts/start.mjs', 'scripts/stale-builds.mjs'];
const { dependencies, scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
};
const OPERATOR = { email: 'owner@alfadiesel.test', password: 'production install 1' };
const CLIENT = 'Production Install Traders';
/** What builds and tests the app; none of it may be in a production install. */
const BUILD_TOOLS = ['tsx', 'vite', 'esbuild', 'typescript', 'vitest'];
const START_TIMEOUT_MS = 60_000;

/** The environment without the npm_* variables of the npm that runs the tests (its project is this checkout). */
function outsideNpm(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([name]) => !name.startsWith('npm_')));
}

/** The production packages' folders below node_modules, each hard-linked whole (what nests in one is its own). */
function linkProductionPackages(into: string): void {
  const listed = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: outsideNpm({}),
  });
  const topLevel = listed
    .split('\n')
    .map((path) => relative(ROOT, path))
    .filter((path) => path.startsWith('node_modules/') && !path.slice('node_modules/'.length).includes('node_modules/'));
  // One cp per folder (node_modules, node_modules/@fastify ...): a few calls rather than hundreds.
  for (const folder of new Set(topLevel.map((path) => dirname(path)))) {
    const packages = topLevel.filter((path) => dirname(path) === folder).map((path) => join(ROOT, path));
    mkdirSync(join(into, folder), { recursive: true });
    execFileSync('cp', ['-al', ...packages, join(into, folder)]);
  }
}

/**
 * Where the scratch install goes: hard links need node_modules' file system, and a folder inside the checkout would
 * let Node find a development package in the checkout's own node_modules. CI keeps test data on tmpfs (TMPDIR).
 */
function releaseParent(): string {
  return statSync(tmpdir()).dev === statSync(ROOT).dev ? tmpdir() : dirname(ROOT);
}

function makeRelease(): string {
  const dir = mkdtempSync(join(releaseParent(), 'billing-production-'));
  for (const file of RELEASE_FILES) cpSync(join(ROOT, file), join(dir, file), { recursive: true });
  linkProductionPackages(dir);
  return dir;
}

/** A package's name from an import of it (`@fastify/static/x` -> `@fastify/static`). */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

describe('the compiled server (dist/server)', () => {
  it("imports at run time only packages of package.json's dependencies, never a development one", () => {
    const { outputs } = JSON.parse(readFileSync(SERVER_METAFILE, 'utf8')) as {
      outputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
    };
    const packages = new Set(
      Object.values(outputs).flatMap(({ imports }) =>
        imports.filter((found) => found.external && !isBuiltin(found.path)).map((found) => packageOf(found.path)),
      ),
    );
    expect(packages.size).toBeGreaterThan(0);
    expect([...packages].filter((name) => !(name in dependencies))).toEqual([]);
  });
});

describe('npm start without dist/ and without build tools', () => {
  it('says how to build it, and exits 1', () => {
    const bare = mkdtempSync(join(tmpdir(), 'billing-unbuilt-'));
    try {
      for (const file of RELEASE_FILES.filter((name) => name !== 'dist')) {
        cpSync(join(ROOT, file), join(bare, file), { recursive: true });
      }
      const started = spawnSync(process.execPath, ['scripts/start.mjs'], {
        cwd: bare,
        env: outsideNpm({}),
        encoding: 'utf8',
      });
      expect(started.status).toBe(1);
      expect(started.stderr).toContain('the compiled server (dist/server/) is missing');
      expect(started.stderr).toContain('npm ci && npm run build');
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

let release: string;
beforeAll(() => {
  release = makeRelease();
}, 60_000);
afterAll(() => rmSync(release, { recursive: true, force: true }));

/**
 * package.json's start command in the release, run as `npm start` runs it (`sh -c`), once it says where it listens.
 * With `exec` the shell becomes the server, so stop() waits for the server itself: npm, sent SIGTERM, exits at once
 * and leaves its server still closing the database that the test is about to remove.
 */
async function npmStart(env: NodeJS.ProcessEnv): Promise<{ url: string; output(): string; stop(): Promise<void> }> {
  const child = spawn('sh', ['-c', `exec ${scripts.start}`], {
    cwd: release,
    env: outsideNpm({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env }),
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk;
      const found = /Billing server on (http:\/\/\S+)/.exec(output)?.[1];
      if (!found) return;
      clearTimeout(timer);
      resolve(found);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`npm start exited:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url, output: () => output, stop };
}

async function post(url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

describeEachDatabase('a production install (npm ci --omit=dev, then npm start)', (database) => {
  let scratch: ScratchDatabase;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    scratch = await database.create();
    env = { DATA_DIR: scratch.options.dataDir, DATABASE_URL: scratch.options.databaseUrl ?? '' };
  });
  afterAll(() => scratch.dispose());

  it('starts, signs in, saves a bill with its PDF, and runs the operator CLI', async () => {
    expect(BUILD_TOOLS.filter((name) => existsSync(join(release, 'node_modules', name)))).toEqual([]);
    const app = await npmStart({ ...env, OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password });
    try {
      const login = await post(`${app.url}/api/auth/login`, OPERATOR);
      expect(login.status, app.output()).toBe(200);
      const { authToken } = (await login.json()) as { authToken: string };
      const billType = loadRegistry().billTypes[0];
      const bill = validPayload(billType, 2, { [billType.roles.clientName.name]: CLIENT });
      const create = { method: 'create', type: billType.type, ...bill };
      const saved = await post(`${app.url}${billType.createPath}`, create, authToken);
      expect(saved.status, app.output()).toBe(200);
      const pdf = await post(
        `${app.url}/api/common/showpdf`,
        { billtype: billType.type, billno: bill[billType.roles.billNumber.name] },
        authToken,
      );
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain(CLIENT);
    } finally {
      await app.stop();
    }
    const listed = spawnSync('npm', ['run', '--silent', 'operator', '--', 'list'], {
      cwd: release,
      env: outsideNpm(env),
      encoding: 'utf8',
    });
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(OPERATOR.email);
  }, 120_000);
});
