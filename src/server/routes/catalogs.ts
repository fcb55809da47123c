import type { FastifyInstance } from 'fastify';
import {
  coerceNumber,
  hasVisibleText,
  isNumberField,
  normalizeText,
  type Catalog,
  type FieldSpec,
  type ObjectSpec,
  type Registry,
} from '../../engine/core';
import { bodyOf, type Body } from '../http/body';
import { badRequest } from '../http/errors';
import type { RouteContext } from './context';

const MAX_NAME_LENGTH = 500;
const MAX_DETAIL_LENGTH = 100;

/** The row fields a catalog fills (hsn, taxrate): siblings of a line field that picks from the catalog. */
function fillFields(registry: Registry, catalog: Catalog): Map<string, FieldSpec | undefined> {
  const found = new Map<string, FieldSpec | undefined>(catalog.fills.map((name) => [name, undefined]));
  const visit = (spec: ObjectSpec) => {
    if (spec.fields.some((field) => field.catalog === catalog.name)) {
      for (const name of catalog.fills) found.set(name, found.get(name) ?? spec.byName[name]);
    }
    for (const field of spec.fields) if (field.rows) visit(field.rows);
  };
  for (const billType of registry.billTypes) visit(billType.root);
  return found;
}

function readName(body: Body, catalog: Catalog): string {
  const value = body[catalog.nameKey];
  // One Unicode form, as bills store names: "Café" typed two ways is one entry; an invisible name is none.
  const name = typeof value === 'string' ? normalizeText(value) : '';
  if (!hasVisibleText(name)) throw badRequest(`Please provide the ${catalog.nameKey} name.`);
  if (name.length > MAX_NAME_LENGTH)
    throw badRequest(`The ${catalog.nameKey} name must be at most ${MAX_NAME_LENGTH} characters.`);
  return name;
}

function withinLimits(field: FieldSpec, value: number): boolean {
  const { minimum, maximum } = field.schema;
  return (typeof minimum !== 'number' || value >= minimum) && (typeof maximum !== 'number' || value <= maximum);
}

/** A number fill (taxrate) as the line field declares it: a JSON number within its limits, or absent (""). */
function readNumberDetail(value: unknown, field: FieldSpec): number | '' {
  if (value === '' || (typeof value === 'string' && value.trim() === '')) return '';
  const number = coerceNumber(field, value);
  if (typeof number !== 'number' || !withinLimits(field, number)) throw badRequest(`${field.title} is not valid.`);
  return number;
}

/** A fill value; optional, but when given it must fit the line field it fills. */
function readDetail(body: Body, name: string, field: FieldSpec | undefined): string | number {
  const value = body[name];
  if (value === undefined || value === null) return '';
  if (field && isNumberField(field)) return readNumberDetail(value, field);
  const text =
    typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : typeof value === 'string'
        ? value.trim()
        : undefined;
  const pattern = typeof field?.schema.pattern === 'string' ? new RegExp(field.schema.pattern, 'u') : undefined;
  if (text === undefined || text.length > MAX_DETAIL_LENGTH || (text && pattern && !pattern.test(text))) {
    throw badRequest(`${field?.title ?? name} is not valid.`);
  }
  return text;
}

/** A stored fill as answered: numbers as JSON numbers (entries saved before that hold text). */
function answerDetail(value: unknown, field: FieldSpec | undefined): unknown {
  if (value === undefined || value === '') return '';
  return field && isNumberField(field) ? coerceNumber(field, value) : value;
}

/**
 * The saved product and service lists of catalogs.json (spec 7): `POST /api/common/{save}` stores
 * (or updates, by name) an entry, `GET /api/common/{get}` answers `{[listKey]: [{_id, name, fills}]}`.
 */
export function catalogRoutes(app: FastifyInstance, { registry, storage }: RouteContext): void {
  for (const catalog of Object.values(registry.catalogs)) {
    const fills = fillFields(registry, catalog);

    app.post(`/api/common/${catalog.save}`, async (request) => {
      const body = bodyOf(request);
      const name = readName(body, catalog);
      const details = Object.fromEntries([...fills].map(([fill, field]) => [fill, readDetail(body, fill, field)]));
      await storage.catalogs.save(catalog.name, name, details);
      return { msg: `Saved ${catalog.nameKey} "${name}".` };
    });

    app.get(`/api/common/${catalog.get}`, async () => {
      const entries = await storage.catalogs.list(catalog.name);
      const list = entries.map((entry) => ({
        _id: String(entry.id),
        [catalog.nameKey]: entry.name,
        ...Object.fromEntries(catalog.fills.map((fill) => [fill, answerDetail(entry.details[fill], fills.get(fill))])),
      }));
      return { [catalog.listKey]: list };
    });
  }
}
