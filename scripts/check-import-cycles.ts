/**
 * Part of `npm run lint`: no import cycles in src/ (a cycle makes module order matter and hides which layer owns
 * a piece). Follows every relative import and re-export that exists at run time (`import type` is erased, so it is
 * left out) and prints each cycle it finds; exits 1 when there is one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve('src');
const SKIP = [join(ROOT, 'generated')];
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  if (SKIP.includes(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  if (/\.tsx?$/.test(base) && existsSync(base)) return base;
  return EXTENSIONS.map((extension) => base + extension).find((path) => existsSync(path));
}

function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = resolveImport(file, match[1]);
    if (target && target.startsWith(ROOT)) found.push(target);
  }
  return found;
}

export function importCycles(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[][] = [];
  const visit = (file: string, path: string[]) => {
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next, [...path, next]);
    }
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file, [file]);
  return cycles;
}

const cycles = importCycles(sourceFiles(ROOT));
for (const cycle of cycles) console.error(`import cycle: ${cycle.map((file) => relative(process.cwd(), file)).join(' -> ')}`);
if (cycles.length) process.exit(1);
