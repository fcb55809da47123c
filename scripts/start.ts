/**
 * `npm start`: builds what is missing or out of date (generated code, the web app), then starts the
 * server configured from the environment (docs/operations.md: Server settings).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (path: string) => join(root, path);

/** The newest modification time below the paths (0 when none exist). */
function newest(paths: string[]): number {
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

function outdated(output: string, inputs: string[]): boolean {
  return !existsSync(at(output)) || statSync(at(output)).mtimeMs < newest(inputs);
}

function run(script: string): void {
  console.log(`npm start: npm run ${script}`);
  // Always a production build: a NODE_ENV inherited from a test runner would make Vite build React's development copy.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (outdated('src/generated/validators.js', ['schemas'])) run('gen');
const webEntry = 'index.html';
if (existsSync(at(webEntry))) {
  const webInputs = [webEntry, 'src/app', 'src/engine', 'src/generated', 'schemas', 'public', 'vite.config.ts', 'scripts/precompress.ts'];
  if (outdated('dist/web/index.html', webInputs)) run('build');
} else {
  console.log('npm start: no web app to build yet (index.html is missing); serving the API only.');
}

const { runFromEnv } = await import('../src/server/main');
const { SchemaError } = await import('../src/engine/core');
try {
  await runFromEnv();
} catch (error) {
  // A schema mistake is the maintainer's to fix: its message names the file, a stack trace would bury it.
  if (!(error instanceof SchemaError)) throw error;
  console.error(error.message);
  process.exit(1);
}
