import { isSchema, type Schema } from '../schema/json-schema';
import { didYouMean } from '../schema/nearest-name';
import type { SchemaViolation } from './compiled-validator';

/** "/x-bill/pdf" -> "x-bill.pdf", "/units/0/letterhead" -> "units[0].letterhead". */
export function dottedPath(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, token) => (/^\d+$/.test(token) ? `${path}[${token}]` : path ? `${path}.${token}` : token), '');
}

function valueAt(data: unknown, instancePath: string): unknown {
  let node = data;
  for (const token of instancePath.split('/').slice(1)) {
    node = isSchema(node) || Array.isArray(node) ? (node as Record<string, unknown>)[token] : undefined;
  }
  return node;
}

function schemaAt(meta: Schema, schemaPath: string): unknown {
  let node: unknown = meta;
  for (const token of schemaPath.replace(/^#/, '').split('/').filter(Boolean)) {
    node = isSchema(node) || Array.isArray(node) ? (node as Record<string, unknown>)[token] : undefined;
  }
  return node;
}

/** The names a failed additionalProperties check would have accepted, read from the meta-schema. */
function knownKeys(meta: Schema, schemaPath: string | undefined): string[] {
  const parent = schemaPath ? schemaAt(meta, schemaPath.replace(/\/additionalProperties$/, '')) : undefined;
  return isSchema(parent) && isSchema(parent.properties) ? Object.keys(parent.properties) : [];
}

/**
 * One meta-schema failure in words a maintainer can act on: an unknown key is named with the nearest
 * known one, an enum failure lists the allowed values. `topNoun` names what the checked object is
 * ("a units.json key", "an x- keyword") for keys at its top level.
 */
export function describeViolation(violation: SchemaViolation, meta: Schema, data: unknown, topNoun: string): string {
  const path = dottedPath(violation.instancePath);
  const value = valueAt(data, violation.instancePath);
  const params = violation.params;
  switch (violation.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const owner = path ? `an \`${path}\` key` : topNoun;
      return `\`${key}\` is not ${owner}${didYouMean(key, knownKeys(meta, violation.schemaPath))}`;
    }
    case 'enum':
      return `\`${path}\` is ${JSON.stringify(value)}; allowed values: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `\`${path}\` is ${JSON.stringify(value)}; it must be ${JSON.stringify(params.allowedValue)}`;
    case 'required':
      return `${path ? `\`${path}\`` : 'the file'} lacks the required key \`${String(params.missingProperty)}\``;
    default:
      return `\`${path || '(top level)'}\` ${violation.message ?? 'is invalid'}${value === undefined ? '' : ` (it is ${JSON.stringify(value)})`}`;
  }
}

/** The most telling of several failures: unknown keys and wrong values before the rest. */
export function mostTelling(violations: readonly SchemaViolation[]): SchemaViolation | undefined {
  const first = ['additionalProperties', 'enum', 'required'];
  const rank = (v: SchemaViolation) => (first.includes(v.keyword) ? first.indexOf(v.keyword) : first.length);
  return [...violations].sort((a, b) => rank(a) - rank(b))[0];
}
