import { JSON_SCHEMA_KEYWORDS, STANDARD_VALUES, SUBSCHEMA_KEYWORDS } from '../schema/json-schema-keywords';
import { isSchema, SchemaError, type Schema } from '../schema/json-schema';
import { didYouMean } from '../schema/nearest-name';
import { resolveSchema, type SchemaFiles } from '../schema/resolve';
import { META_KEYS, type CompileSchema } from './compiled-validator';
import { withoutExtensions } from './field-spec';
import { LISTED_ROLES, type Unit } from './types';
import type { checkBillTypes } from './bill-type-checks';
import { gstinCheckChar, isValidGstin, stateName } from '../gst';
import { DEFAULT_KIND, KIND_FACTS, type DocumentKind } from '../document-kind';
import { describeViolation, mostTelling } from './meta-violation';

const KEYWORDS_META = 'meta/keywords.schema.json';
const BILL_BLOCK = 'x-bill';

function metaSchema(files: SchemaFiles, metaFile: string): Schema {
  if (!isSchema(files[metaFile])) throw new SchemaError(metaFile, 'is missing');
  return withoutExtensions(resolveSchema(files, metaFile));
}

/** A whole file against its meta-schema (a bill file, units.json, catalogs.json). */
export function checkAgainstMeta(
  files: SchemaFiles,
  file: string,
  metaFile: string,
  key: string,
  compile: CompileSchema,
  topNoun: string,
): void {
  const meta = metaSchema(files, metaFile);
  const validate = compile(key, meta);
  if (validate(files[file])) return;
  const violation = mostTelling(validate.errors ?? []);
  throw new SchemaError(file, violation ? describeViolation(violation, meta, files[file], topNoun) : 'is invalid');
}

/** Where a schema node sits, for messages: "field `product.hsn`", "definition `text`", "the top level". */
function describeLocation(path: readonly string[]): string {
  const fields: string[] = [];
  let definition: string | undefined;
  for (let i = 0; i < path.length; i++) {
    if (path[i] === 'properties' && i + 1 < path.length) fields.push(path[++i]);
    else if ((path[i] === 'definitions' || path[i] === '$defs') && i + 1 < path.length) definition = path[++i];
  }
  if (fields.length) return `field \`${fields.join('.')}\``;
  return definition ? `definition \`${definition}\`` : 'the top level';
}

type Visit = (node: Schema, path: readonly string[]) => void;

/** Every schema node of a file as written (before $refs are followed), with its path of keys. */
function eachNode(node: Schema, path: readonly string[], visit: Visit): void {
  visit(node, path);
  for (const keyword of SUBSCHEMA_KEYWORDS.one) {
    const child = node[keyword];
    if (isSchema(child)) eachNode(child, [...path, keyword], visit);
  }
  for (const keyword of SUBSCHEMA_KEYWORDS.list) {
    const list = node[keyword];
    if (Array.isArray(list)) list.forEach((child, i) => isSchema(child) && eachNode(child, [...path, keyword, String(i)], visit));
  }
  for (const keyword of SUBSCHEMA_KEYWORDS.map) {
    const map = node[keyword];
    if (!isSchema(map)) continue;
    for (const [name, child] of Object.entries(map)) if (isSchema(child)) eachNode(child, [...path, keyword, name], visit);
  }
}

/**
 * Every key of every node of a part or bill file, as written: a key is a JSON Schema keyword or one of
 * the x- keywords of meta/keywords.schema.json with a value of the declared shape (x-bill only at a
 * bill file's top, checked by the bill meta-schema). A mistake names this file and the field.
 */
export function checkKeywords(files: SchemaFiles, file: string, compile: CompileSchema, isBillFile: boolean): void {
  const meta = metaSchema(files, KEYWORDS_META);
  const validate = compile(META_KEYS.keywords, meta);
  const known = [...JSON_SCHEMA_KEYWORDS, ...Object.keys(meta.properties as Schema)];
  const root = files[file];
  if (!isSchema(root)) throw new SchemaError(file, 'is not a JSON object');
  eachNode(root, [], (node, path) => {
    const extensions: Schema = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === BILL_BLOCK && isBillFile && path.length === 0) continue;
      if (key.startsWith('x-')) extensions[key] = value;
      else if (!JSON_SCHEMA_KEYWORDS.has(key)) {
        throw new SchemaError(file, `${describeLocation(path)}: \`${key}\` is not a JSON Schema keyword${didYouMean(key, known)}`);
      } else if (STANDARD_VALUES[key] && !STANDARD_VALUES[key][0](value)) {
        throw new SchemaError(file, `${describeLocation(path)}: \`${key}\` must be ${STANDARD_VALUES[key][1]} (it is ${JSON.stringify(value)})`);
      }
    }
    if (!validate(extensions)) {
      const violation = mostTelling(validate.errors ?? [])!;
      throw new SchemaError(file, `${describeLocation(path)}: ${describeViolation(violation, meta, extensions, 'a known x- keyword')}`);
    }
  });
}

/** The files a file's `$ref`s name (paths below schemas/), in the order they appear. */
function referencedFiles(files: SchemaFiles, file: string): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isSchema(value)) {
      if (typeof value.$ref === 'string' && !value.$ref.startsWith('#')) {
        const segments = file.split('/').slice(0, -1);
        for (const segment of value.$ref.split('#')[0].split('/')) {
          if (segment === '..') segments.pop();
          else if (segment !== '.' && segment !== '') segments.push(segment);
        }
        found.push(segments.join('/'));
      }
      Object.values(value).forEach(visit);
    }
  };
  visit(files[file]);
  return found.filter((ref) => ref in files);
}

/**
 * The files in an order where each comes after the files it references, so a mistake is found in the
 * part that makes it before in a file that merely uses that part.
 */
export function referencesFirst(files: SchemaFiles, list: readonly string[]): string[] {
  const ordered: string[] = [];
  const done = new Set<string>();
  const visit = (file: string, path: ReadonlySet<string>) => {
    if (done.has(file) || path.has(file)) return;
    for (const ref of referencedFiles(files, file)) if (list.includes(ref)) visit(ref, new Set([...path, file]));
    done.add(file);
    ordered.push(file);
  };
  for (const file of list) visit(file, new Set());
  return ordered;
}

/**
 * What the file's own resolved schema (its allOf parts included) must hold, checked per file so a
 * part's mistake names the part: x-order and x-checkOrder name properties of their object, x-productOf
 * two sibling fields, x-discount sits beside an x-productOf, a required plain field has an x-message.
 */
export function checkNames(files: SchemaFiles, file: string): void {
  const walk = (node: Schema, fieldPath: readonly string[]) => {
    const properties = isSchema(node.properties) ? node.properties : undefined;
    if (properties) {
      const names = Object.keys(properties);
      const where = (name?: string) => `field \`${[...fieldPath, ...(name ? [name] : [])].join('.')}\``;
      const at = fieldPath.length ? `${where()}: ` : '';
      for (const keyword of ['x-order', 'x-checkOrder']) {
        const unknown = ((node[keyword] as string[] | undefined) ?? []).filter((name) => !names.includes(name));
        if (unknown.length) {
          throw new SchemaError(file, `${at}\`${keyword}\` names ${unknown.map((n) => `\`${n}\``).join(', ')}, not a property beside it${didYouMean(unknown[0], names)}`);
        }
      }
      let computed = false;
      for (const [name, property] of Object.entries(properties) as [string, Schema][]) {
        const productOf = property['x-productOf'] as string[] | undefined;
        if (productOf) {
          computed = true;
          const missing = productOf.filter((input) => !names.includes(input) || input === name);
          if (missing.length) {
            throw new SchemaError(file, `${where(name)}: \`x-productOf\` names \`${missing[0]}\`, not a field beside it${didYouMean(missing[0], names.filter((n) => n !== name))}`);
          }
        }
      }
      const required = Array.isArray(node.required) ? (node.required as string[]) : [];
      for (const name of required) {
        const property = properties[name] as Schema | undefined;
        if (property && property.type !== 'array' && typeof property['x-message'] !== 'string') {
          throw new SchemaError(file, `${at}field \`${name}\` is required but has no \`x-message\``);
        }
      }
      const discount = Object.entries(properties).find(([, property]) => (property as Schema)['x-discount'] !== undefined);
      if (discount && !computed) {
        throw new SchemaError(file, `${where(discount[0])}: \`x-discount\` needs a computed amount (\`x-productOf\`) beside it`);
      }
      for (const [name, property] of Object.entries(properties) as [string, Schema][]) {
        checkOptions(file, where(name), property);
        checkListColumn(file, where(name), property);
        walk(property, [...fieldPath, name]);
      }
    }
    if (isSchema(node.items)) walk(node.items, fieldPath);
  };
  walk(resolveSchema(files, file), []);
  checkUnset(files, file);
}

/**
 * `x-options` offer choices on screen; only an `enum` of their values makes the server refuse others (else a note's
 * reason "Because" is stored). A field meant to take any text says so with `x-openOptions`.
 */
function checkOptions(file: string, where: string, property: Schema): void {
  const options = property['x-options'] as Array<{ value: string }> | undefined;
  if (!Array.isArray(options) || property['x-openOptions'] === true) return;
  const allowed = property.enum;
  if (!Array.isArray(allowed)) {
    throw new SchemaError(
      file,
      `${where}: \`x-options\` without an \`enum\` lets the server store any value; add "enum": [${options.map((o) => JSON.stringify(o.value)).join(', ')}] ` +
        '(or "x-openOptions": true when any text is meant)',
    );
  }
  const refused = options.find((option) => !allowed.includes(option.value));
  if (refused) throw new SchemaError(file, `${where}: option value ${JSON.stringify(refused.value)} of \`x-options\` is not in its \`enum\`, so the server would refuse it`);
}

/** The bill list answers only the fields of LISTED_ROLES: a column on another would stay empty and refuse its sort. */
function checkListColumn(file: string, where: string, property: Schema): void {
  if (property['x-listColumn'] === undefined || LISTED_ROLES.includes(property['x-role'] as never)) return;
  throw new SchemaError(
    file,
    `${where}: \`x-listColumn\` on a field the bill list does not return; lists return the fields with x-role ${LISTED_ROLES.map((r) => `"${r}"`).join(', ')}`,
  );
}

/** A letterhead's GSTIN is printed on every bill and filed in GSTR-1: its check character and state must hold. */
function checkLetterheadGstin(unit: Unit, index: number): void {
  const { gstin, stateCode } = unit.letterhead;
  const at = `units[${index}].letterhead`;
  if (!isValidGstin(gstin)) {
    const expected = gstinCheckChar(gstin.slice(0, 14));
    // Only the check character is wrong when the GSTIN with the right one passes.
    const why = isValidGstin(gstin.slice(0, 14) + expected) ? `its check character is "${gstin[14]}", the first 14 characters give "${expected}"` : 'it is not a GSTIN (2-digit state code, PAN, entity number, Z, check character)';
    throw new SchemaError('units.json', `${at}.gstin "${gstin}": ${why}`);
  }
  if (gstin.slice(0, 2) !== stateCode) {
    throw new SchemaError('units.json', `${at}.stateCode "${stateCode}" contradicts its gstin "${gstin}", which is of state ${gstin.slice(0, 2)} (${stateName(gstin.slice(0, 2))})`);
  }
}

/** A node's place in the resolved schema: `allOf` parts are merged into it, so their keys drop out of the path. */
function resolvedAt(resolved: Schema, path: readonly string[]): Schema | undefined {
  let node: unknown = resolved;
  for (let i = 0; i < path.length; i++) {
    if (path[i] === 'allOf') i++;
    else node = isSchema(node) ? node[path[i]] : undefined;
  }
  return isSchema(node) ? node : undefined;
}

/**
 * An `x-unset` naming a keyword the node does not inherit (a misspelt one would take back nothing, silently): the
 * file is resolved again without that `x-unset`, and the keyword must be there at the node's place.
 */
function checkUnset(files: SchemaFiles, file: string): void {
  const root = files[file] as Schema;
  eachNode(root, [], (node, path) => {
    const unset = node['x-unset'];
    if (!Array.isArray(unset) || path.some((key) => key === 'definitions' || key === '$defs')) return;
    delete node['x-unset'];
    try {
      const inherited = resolvedAt(resolveSchema(files, file), path) ?? {};
      const missing = (unset as string[]).find((keyword) => !(keyword in inherited));
      if (missing) {
        const known = Object.keys(inherited).map((k) => `\`${k}\``).join(', ');
        throw new SchemaError(file, `${describeLocation(path)}: \`x-unset\` names \`${missing}\`, which it does not inherit (it inherits ${known})`);
      }
    } finally {
      node['x-unset'] = unset;
    }
  });
}

/** x-bill.kind and the keys it goes with: a note names the bills it corrects (x-bill.note), a receipt has amounts. */
export function checkKind(files: SchemaFiles, file: string): void {
  const meta = (files[file] as Schema)['x-bill'] as { kind?: DocumentKind; note?: unknown; refund?: unknown; priced?: boolean };
  const kind = meta.kind ?? DEFAULT_KIND;
  const isNote = KIND_FACTS[kind].note !== undefined;
  if (isNote && !meta.note) throw new SchemaError(file, `x-bill.kind "${kind}" needs x-bill.note {against, againstLabel}: the bills it corrects`);
  if (!isNote && meta.note) throw new SchemaError(file, `x-bill.note is for a credit or debit note, but x-bill.kind is "${kind}"`);
  if (kind === 'receipt' && meta.priced === false) throw new SchemaError(file, 'x-bill.kind "receipt" is a receipt of money: x-bill.priced cannot be false');
  if (kind === 'refund' && !meta.refund) throw new SchemaError(file, 'x-bill.kind "refund" needs x-bill.refund {against, againstLabel}: the advances it returns');
  if (kind !== 'refund' && meta.refund) throw new SchemaError(file, `x-bill.refund is for a refund, but x-bill.kind is "${kind}"`);
}

/** Every unit's letterhead GSTIN (units.json), as readRegistry runs the checks. */
export function checkLetterheads(units: readonly Unit[]): void {
  units.forEach(checkLetterheadGstin);
}

/** The maintainer's checks of the schema files (meta-schemas, keywords, names), as readRegistry runs them. */
export interface SchemaChecks {
  checkAgainstMeta: typeof checkAgainstMeta;
  checkKeywords: typeof checkKeywords;
  checkNames: typeof checkNames;
  referencesFirst: typeof referencesFirst;
  checkLetterheads: typeof checkLetterheads;
  checkKind: typeof checkKind;
  checkBillTypes: typeof checkBillTypes;
}
