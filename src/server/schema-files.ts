import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRegistry, SchemaError, type CompileSchema, type Registry, type SchemaFiles } from '../engine/core';
import { ajvCompiler } from '../engine/core/ajv-compile';

export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas', import.meta.url));

/** Every .json file below `dir`, parsed, keyed by its path below `dir` with forward slashes. */
export function readSchemaFiles(dir: string = SCHEMAS_DIR): SchemaFiles {
  const files: Record<string, unknown> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
    const path = join(entry.parentPath, entry.name);
    const key = relative(dir, path).split(sep).join('/');
    try {
      files[key] = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new SchemaError(key, `is not valid JSON (${(error as Error).message})`);
    }
  }
  return files;
}

/** The registry of the bill types in `dir`, compiled with ajv. Throws a SchemaError naming a broken file. */
export function loadRegistry(dir: string = SCHEMAS_DIR, compile: CompileSchema = ajvCompiler()): Registry {
  return createRegistry(readSchemaFiles(dir), compile);
}
