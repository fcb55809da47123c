/**
 * `npm start`, with plain node: starts the compiled server (dist/server/) configured from the environment
 * (docs/operations.md: Server settings). In a development checkout it first builds what is missing or out of date
 * (generated code, the web app, the server); a production install (`npm ci --omit=dev`) has no build tools and
 * runs the built dist/ as it is.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildToolsInstalled, buildWhatIsStale, SERVER_START } from './stale-builds.mjs';

if (buildToolsInstalled()) {
  try {
    await buildWhatIsStale((line) => console.log(`npm start: ${line}`));
  } catch (error) {
    console.error(`npm start: ${error.message}`);
    process.exit(1);
  }
} else if (!existsSync(SERVER_START)) {
  console.error(
    'npm start: the compiled server (dist/server/) is missing, and this install has no build tools (npm ci --omit=dev).\n' +
      'Build it where the development packages are installed (npm ci && npm run build) and copy dist/ here, ' +
      'or install with them (npm ci) and run npm start again.',
  );
  process.exit(1);
}

const { startFromEnv } = await import(pathToFileURL(SERVER_START).href);
await startFromEnv();
