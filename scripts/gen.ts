/**
 * Writes src/generated/ from schemas/ (types and precompiled validators). `npm run gen`.
 * `--schemas DIR` reads another schemas folder; `--check` only checks it and writes nothing.
 * A mistake in a schema file prints its message alone (file, field, keyword) and exits with 1.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SchemaError } from '../src/engine/core';
import { SCHEMAS_DIR } from '../src/server/schema-files';
import { generateFromDir, TYPE_MODULES_DIR, VALIDATORS_DIR } from './generate';

const { values } = parseArgs({ options: { schemas: { type: 'string' }, check: { type: 'boolean' } } });
const dir = values.schemas ? resolve(values.schemas) : SCHEMAS_DIR;

try {
  const outputs = await generateFromDir(dir);
  if (values.check) console.log(`${dir}: the schema files are valid`);
  else {
    // A bill type removed from schemas/ leaves no module behind.
    for (const dir of [VALIDATORS_DIR, TYPE_MODULES_DIR]) rmSync(dir, { recursive: true, force: true });
    for (const [path, content] of Object.entries(outputs)) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
      console.log(`wrote ${path}`);
    }
  }
} catch (error) {
  if (!(error instanceof SchemaError)) throw error;
  console.error(error.message);
  process.exit(1);
}
