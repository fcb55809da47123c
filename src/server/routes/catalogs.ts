import type { FastifyInstance } from 'fastify';
import type { Catalog, FieldSpec, ObjectSpec, Registry } from '../../engine/core';
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
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) throw badRequest(`Please provide the ${catalog.nameKey} name.`);
  if (name.length > MAX_NAME_LENGTH)
    throw badRequest(`The ${catalog.nameKey} name must be at most ${MAX_NAME_LENGTH} characters.`);
  return name;
}

/** A fill value as text; optional, but when given it must fit the line field it fills. */
function readDetail(body: Body, name: string, field: FieldSpec | undefined): string {
  const value = body[name];
  if (value === undefined || value === null) return '';
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
        ...Object.fromEntries(catalog.fills.map((fill) => [fill, entry.details[fill] ?? ''])),
      }));
      return { [catalog.listKey]: list };
    });
  }
}
