/** Writes src/generated/ from schemas/ (types and precompiled validators). `npm run gen`. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadRegistry, readSchemaFiles } from '../src/server/schema-files';
import { generate } from './generate';

const files = readSchemaFiles();
const outputs = await generate(files, loadRegistry());
for (const [path, content] of Object.entries(outputs)) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  console.log(`wrote ${path}`);
}
