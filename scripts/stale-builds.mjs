/**
 * What `npm start` (scripts/start.mjs) and the test suites (tests/support/built-app.ts) build before they run the
 * compiled server: whichever of src/generated/, dist/web/ and dist/server/ is missing or older than its sources.
 * Plain JavaScript, so that `npm start` runs with plain node.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const at = (path) => join(ROOT, path);

/** The compiled server's entry for `npm start`, and esbuild's record of the sources it was built from. */
export const SERVER_START = at('dist/server/start.js');
const SERVER_METAFILE = 'dist/server/meta.json';
const SERVER_BUILD = ['scripts/build-server.ts', 'scripts/server-entries.ts'];
const WEB_ENTRY = 'index.html';
const WEB_INPUTS = [WEB_ENTRY, 'src/app', 'src/engine', 'src/generated', 'schemas', 'public', 'vite.config.ts', 'scripts/precompress.ts'];
/** Held while one process builds, so two starting at once (two test runs, two browser test files) never build over each other. */
const LOCK = at('dist/.build-lock');
const LOCK_POLL_MS = 200;

/** Whether this install can build: a production one (`npm ci --omit=dev`) has none of these development packages. */
export function buildToolsInstalled() {
  return ['tsx', 'vite', 'esbuild'].every((name) => {
    try {
      import.meta.resolve(name);
      return true;
    } catch {
      return false;
    }
  });
}

/** The newest modification time below the paths (0 when none exist). */
function newest(paths) {
  let latest = 0;
  for (const path of paths.map(at).filter((p) => existsSync(p))) {
    const stat = statSync(path);
    if (!stat.isDirectory()) latest = Math.max(latest, stat.mtimeMs);
    else {
      for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
      }
    }
  }
  return latest;
}

function outdated(output, inputs) {
  return !existsSync(at(output)) || statSync(at(output)).mtimeMs < newest(inputs);
}

/** The server's sources as its last build found them (every file esbuild read), or none before a first build. */
function serverInputs() {
  if (!existsSync(at(SERVER_METAFILE))) return [];
  return Object.keys(JSON.parse(readFileSync(at(SERVER_METAFILE), 'utf8')).inputs);
}

function run(script, say) {
  say(`npm run ${script}`);
  // Always a production build: a NODE_ENV inherited from a test runner would make Vite build React's development copy.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`npm run ${script} failed (exit code ${result.status ?? result.signal})`);
}

function buildStale(say) {
  if (outdated('src/generated/validators.js', ['schemas'])) run('gen', say);
  if (!existsSync(at(WEB_ENTRY))) say('no web app to build yet (index.html is missing); the server answers the API only.');
  else if (outdated('dist/web/index.html', WEB_INPUTS)) run('build:web', say);
  if (outdated(SERVER_METAFILE, [...serverInputs(), ...SERVER_BUILD])) run('build:server', say);
}

/** The process id in the lock (0 while its holder is writing it), or undefined once it is released. */
function lockHolder() {
  try {
    return Number(readFileSync(LOCK, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The process holding the build lock is still running (a lock left by one that died is taken over). */
function holderAlive(holder) {
  try {
    process.kill(holder, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Takes the build lock, waiting while a live process holds it. */
async function lock() {
  mkdirSync(dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const holder = lockHolder();
    if (holder === undefined) continue;
    if (holder !== 0 && !holderAlive(holder)) rmSync(LOCK, { force: true });
    else await sleep(LOCK_POLL_MS);
  }
}

/**
 * Builds what is missing or out of date: `npm run gen` (src/generated/ from schemas/), `build:web` (dist/web/, when
 * index.html exists) and `build:server` (dist/server/), saying each with `say`. Throws when a build fails.
 */
export async function buildWhatIsStale(say) {
  await lock();
  try {
    buildStale(say);
  } finally {
    rmSync(LOCK, { force: true });
  }
}
