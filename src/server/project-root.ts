import { fileURLToPath } from 'node:url';

/**
 * The project's directory (package.json, schemas/, dist/). Two levels up from this file in src/server/, and
 * equally from the compiled server's bundles in dist/server/, where this module is bundled: so the server
 * finds the same files run from source and compiled.
 */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
