import { buildWhatIsStale } from '../../scripts/stale-builds.mjs';

/**
 * vitest's globalSetup for the suites that run the compiled app (api, e2e, stress): brings dist/ up to date as
 * `npm start` does (generated code, the web app, the server, each only when stale), once before any file runs, so
 * the servers and CLIs the tests spawn with plain node run today's code and no two files build at once.
 */
export default async function setup(): Promise<void> {
  await buildWhatIsStale((line) => console.log(`built-app: ${line}`));
}
