import { isSchema, SchemaError, type Schema } from './json-schema';

/** Schema files keyed by their path below schemas/, e.g. "parts/client.json". */
export type SchemaFiles = Readonly<Record<string, unknown>>;

const MAX_DEPTH = 64;
const DROPPED_KEYWORDS = new Set(['$schema', '$comment', '$id', 'definitions', '$defs']);

/**
 * Inlines every `$ref` (relative file paths with an optional JSON pointer) and merges `allOf`
 * object schemas, so the engine, ajv, rjsf and the type generator all see one flat schema.
 * Keywords beside a `$ref` refine the referenced schema; later `allOf` parts and the node's own
 * keywords refine earlier parts property by property. A part's `x-block` is copied onto each of
 * its properties so a field keeps knowing which screen block it belongs to. A refinement takes back an inherited
 * keyword by naming it in `x-unset` (`"required"` on an object drops the inherited list, so its own list replaces
 * it; naming one not inherited is refused by the checks, schema-check.ts), and `x-wholeNumber` {from, to} stands for
 * an integer from `from` to `to` (its messages: field-spec.ts).
 */
export function resolveSchema(files: SchemaFiles, file: string): Schema {
  const root = files[file];
  if (!isSchema(root)) throw new SchemaError(file, 'is not a JSON object');
  return resolveNode(files, root, file, 0);
}

function resolveNode(files: SchemaFiles, node: Schema, file: string, depth: number): Schema {
  if (depth > MAX_DEPTH) throw new SchemaError(file, '$ref nesting is too deep (a cycle?)');
  let result: Schema = {};
  if (typeof node.$ref === 'string') {
    const target = lookupRef(files, node.$ref, file);
    result = resolveNode(files, target.node, target.file, depth + 1);
  } else if (node.$ref !== undefined) {
    throw new SchemaError(file, '$ref must be a string');
  }
  if (node.allOf !== undefined) {
    if (!Array.isArray(node.allOf)) throw new SchemaError(file, 'allOf must be an array');
    for (const part of node.allOf) {
      if (!isSchema(part)) throw new SchemaError(file, 'allOf items must be objects');
      result = mergeSchemas(result, resolveNode(files, part, file, depth + 1));
    }
  }
  const own: Schema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === '$ref' || keyword === 'allOf' || DROPPED_KEYWORDS.has(keyword)) continue;
    own[keyword] = resolveKeyword(files, keyword, value, file, depth);
  }
  result = mergeSchemas(result, own);
  if (isSchema(result['x-wholeNumber'])) Object.assign(result, wholeNumberSchema(result['x-wholeNumber']));
  if (typeof node['x-block'] === 'string') tagBlock(result, node['x-block']);
  return result;
}

function resolveKeyword(files: SchemaFiles, keyword: string, value: unknown, file: string, depth: number): unknown {
  if (keyword === 'properties') {
    if (!isSchema(value)) throw new SchemaError(file, 'properties must be an object');
    const properties: Schema = {};
    for (const [name, property] of Object.entries(value)) {
      if (!isSchema(property)) throw new SchemaError(file, `property "${name}" must be an object`);
      properties[name] = resolveNode(files, property, file, depth + 1);
    }
    return properties;
  }
  if (keyword === 'items' && isSchema(value)) return resolveNode(files, value, file, depth + 1);
  return value;
}

/**
 * `b` refines `a`: properties merge one by one, `required` lists are united, other keywords replace; the keywords
 * `b` (or one of its properties) names in `x-unset` are first taken out of what it refines.
 */
function mergeSchemas(inherited: Schema, b: Schema): Schema {
  const a = withoutUnset(inherited, b);
  const merged: Schema = { ...a, ...b };
  if (isSchema(a.properties) || isSchema(b.properties)) {
    const properties: Schema = { ...(a.properties as Schema | undefined) };
    for (const [name, property] of Object.entries((b.properties as Schema | undefined) ?? {})) {
      const base = properties[name];
      properties[name] = isSchema(base) ? { ...withoutUnset(base, property as Schema), ...(property as Schema) } : property;
    }
    merged.properties = properties;
  }
  if (Array.isArray(a.required) || Array.isArray(b.required)) {
    merged.required = [...new Set([...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])])];
  }
  return merged;
}

/** `inherited` without the keywords `refinement` names in `x-unset`. */
function withoutUnset(inherited: Schema, refinement: Schema): Schema {
  const unset = refinement['x-unset'];
  if (!Array.isArray(unset)) return inherited;
  const kept: Schema = { ...inherited };
  for (const keyword of unset as string[]) delete kept[keyword];
  return kept;
}

/** The JSON Schema an `x-wholeNumber` {from, to} stands for. */
function wholeNumberSchema(range: Schema): Schema {
  return { type: 'integer', minimum: range.from, maximum: range.to };
}

function tagBlock(schema: Schema, block: string): void {
  if (!isSchema(schema.properties)) return;
  for (const property of Object.values(schema.properties)) {
    if (isSchema(property) && property['x-block'] === undefined) property['x-block'] = block;
  }
}

function lookupRef(files: SchemaFiles, ref: string, fromFile: string): { node: Schema; file: string } {
  const [filePart, pointer = ''] = ref.split('#', 2);
  const file = filePart ? joinPath(fromFile, filePart) : fromFile;
  let node: unknown = files[file];
  if (node === undefined) throw new SchemaError(fromFile, `$ref "${ref}" names a file that does not exist (${file})`);
  for (const token of pointer.split('/').filter(Boolean)) {
    node = isSchema(node) ? node[token.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  if (!isSchema(node)) throw new SchemaError(fromFile, `$ref "${ref}" does not point at a schema`);
  return { node, file };
}

/** Resolves `relative` against the folder of `fromFile`, POSIX style, without Node's path module. */
function joinPath(fromFile: string, relative: string): string {
  const segments = fromFile.split('/').slice(0, -1);
  for (const segment of relative.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return segments.join('/');
}
