import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const files = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => join(ROOT, 'src', file));

/**
 * The structural mistakes a browser forgives silently: a rule left unclosed swallows every rule after it as
 * nested ones (a missing "}" once put all of modal.css under `.report-note`, so no modal was an overlay).
 * Rules nest only in at-rules (@media, @supports ...) here; strings and comments are skipped.
 */
function structureProblems(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '""');
  const open: Array<'at' | 'rule'> = [];
  const problems: string[] = [];
  let prelude = '';
  for (const char of text) {
    if (char === '{') {
      const kind = prelude.trim().startsWith('@') ? 'at' : 'rule';
      if (kind === 'rule' && open.at(-1) === 'rule') problems.push(`"${prelude.trim()}" is nested in a rule that was never closed`);
      open.push(kind);
      prelude = '';
    } else if (char === '}') {
      if (open.pop() === undefined) problems.push('a "}" closes nothing');
      prelude = '';
    } else if (char === ';') {
      prelude = '';
    } else {
      prelude += char;
    }
  }
  if (open.length > 0) problems.push(`${open.length} block(s) never closed`);
  return problems;
}

describe('stylesheets', () => {
  it('finds the stylesheets', () => {
    expect(files.length).toBeGreaterThan(3);
  });

  it.each(files.map((file) => [relative(ROOT, file), file]))('%s closes every rule it opens', (_name, file) => {
    expect(structureProblems(readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('the check itself catches an unclosed rule', () => {
    expect(structureProblems('.a { color: red;\n.b { color: blue; }')).toEqual([
      '".b" is nested in a rule that was never closed',
      '1 block(s) never closed',
    ]);
    expect(structureProblems('@media (width <= 900px) { .a { color: red; } }')).toEqual([]);
  });
});
