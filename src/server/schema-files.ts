import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { createRegistry, SchemaError, type CompileSchema, type Registry, type SchemaFiles } from '../engine/core';
import { ajvCompiler } from '../engine/core/ajv-compile';
import { PROJECT_ROOT } from './project-root';

export const SCHEMAS_DIR = join(PROJECT_ROOT, 'schemas');

/** "at position 57" -> "line 3, column 5" (1-based), so a maintainer can go straight to the mistake. */
function jsonProblem(text: string, error: Error): string {
  const message = error.message.replace(/\s*\(line \d+ column \d+\)$/, '');
  const position = /at position (\d+)/.exec(message);
  if (!position) return message;
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${message.replace(/ in JSON at position \d+/, '')} at line ${line}, column ${column}`;
}

/**
 * Every .json file below `dir`, parsed, keyed by its path below `dir` with forward slashes, oldest
 * first: when two bill files clash, the registry blames the one added last.
 */
export function readSchemaFiles(dir: string = SCHEMAS_DIR): SchemaFiles {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, key: relative(dir, path).split(sep).join('/'), modified: statSync(path).mtimeMs };
    })
    .sort((a, b) => a.modified - b.modified || a.key.localeCompare(b.key));
  const files: Record<string, unknown> = {};
  for (const { path, key } of entries) {
    const text = readFileSync(path, 'utf8');
    try {
      files[key] = JSON.parse(text);
    } catch (error) {
      throw new SchemaError(key, `is not valid JSON: ${jsonProblem(text, error as Error)}`);
    }
  }
  return files;
}

/** The registry of the bill types in `dir`, compiled with ajv. Throws a SchemaError naming a broken file. */
export function loadRegistry(dir: string = SCHEMAS_DIR, compile: CompileSchema = ajvCompiler()): Registry {
  return createRegistry(readSchemaFiles(dir), compile);
}
