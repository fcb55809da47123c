import type { FastifyInstance } from 'fastify';
import { needs } from '../auth/access';
import { operatorOf } from '../auth/authenticate';
import {
  coerceNumber,
  hasVisibleText,
  isNumberField,
  normalizeText,
  type Catalog,
  type FieldSpec,
  type Registry,
} from '../../engine/core';
import { catalogFields } from '../../engine/core/catalog-fields';
import { bodyOf, type Body } from '../http/body';
import { badRequest, HttpError, notFound } from '../http/errors';
import type { RouteContext } from './context';
import { productStockInput } from '../stock/stock-input';
import { stockUnitOf } from '../stock/stock-catalogs';
import { StockRefusedError } from '../storage/stock-ledger';

const MAX_NAME_LENGTH = 500;
const MAX_DETAIL_LENGTH = 100;

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
  // A unit (Per) is one of the line's options, or it would fill a select with nothing it can show.
  const unknownOption = text && field?.options && !field.options.some((option) => option.value === text);
  if (text === undefined || text.length > MAX_DETAIL_LENGTH || (text && pattern && !pattern.test(text)) || unknownOption) {
    throw badRequest(`${field?.title ?? name} is not valid.`);
  }
  return text;
}

const isBlankDetail = (value: unknown) => value === undefined || value === null || value === '';

/** A stored fill as answered: numbers as JSON numbers (entries saved before that hold text). */
function answerDetail(value: unknown, field: FieldSpec | undefined): unknown {
  return field && isNumberField(field) ? coerceNumber(field, value) : value;
}

/** The entry id a Products & Services call names: a whole number as text or number. */
function readId(body: Body): number {
  const value = body._id;
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw badRequest('Please provide the _id of a saved entry.');
  return id;
}

/** A product's stock fields the ledger refuses (an opening piece sold since taken away): 400 {msg}, nothing saved. */
async function stockRefusedAsBadRequest<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof StockRefusedError) throw badRequest(error.message);
    throw error;
  }
}

function readCatalog(registry: Registry, body: Body): Catalog {
  const name = body.catalog;
  const catalog = typeof name === 'string' && Object.hasOwn(registry.catalogs, name) ? registry.catalogs[name] : undefined;
  if (!catalog) throw badRequest(`catalog must be one of: ${Object.keys(registry.catalogs).join(', ')}.`);
  return catalog;
}

/**
 * The saved product and service lists of catalogs.json (spec 7): `POST /api/common/{save}` stores
 * (or updates, by name) an entry, `GET /api/common/{get}` answers `{[listKey]: [{_id, name, fills}]}`.
 * The Products & Services screen (issue 30) also renames and edits an entry (`updatecatalogentry`, its
 * details replaced as given) and deletes one (`deletecatalogentry`), naming the list by its catalogs.json key.
 */
export function catalogRoutes(app: FastifyInstance, { registry, storage, today }: RouteContext): void {
  for (const catalog of Object.values(registry.catalogs)) {
    const { fills } = catalogFields(registry.billTypes, catalog);
    // Issue 48: a stocked list's entries carry their stock fields (stocked, opening balance, reorder level, serials).
    const stockUnit = catalog.stock ? stockUnitOf(registry, catalog.name) : undefined;

    app.post(`/api/common/${catalog.save}`, needs('catalogs.write'), async (request) => {
      const body = bodyOf(request);
      const name = readName(body, catalog);
      const details = Object.fromEntries([...fills].map(([fill, field]) => [fill, readDetail(body, fill, field)]));
      const stock = stockUnit ? productStockInput(body, today()) : undefined;
      const operator = operatorOf(request).email;
      await stockRefusedAsBadRequest(storage.catalogs.save(catalog.name, name, details, operator, stock && ((trx, id) => storage.stock.saveProduct(trx, stockUnit!, id, stock, operator))));
      return { msg: `Saved ${catalog.nameKey} "${name}".` };
    });

    app.get(`/api/common/${catalog.get}`, needs('catalogs.read'), async () => {
      const entries = await storage.catalogs.list(catalog.name);
      const stocked = stockUnit ? await storage.stock.productSettings(entries.map((entry) => entry.id)) : new Map<number, Record<string, unknown>>();
      const list = entries.map((entry) => ({
        _id: String(entry.id),
        [catalog.nameKey]: entry.name,
        // Issue 30: a fill the entry has (its rate, its unit) is answered; one never saved is left out.
        ...Object.fromEntries(
          catalog.fills.filter((fill) => !isBlankDetail(entry.details[fill])).map((fill) => [fill, answerDetail(entry.details[fill], fills.get(fill))]),
        ),
        ...stocked.get(entry.id),
      }));
      return { [catalog.listKey]: list };
    });
  }

  const fillsOf = new Map(Object.values(registry.catalogs).map((catalog) => [catalog.name, catalogFields(registry.billTypes, catalog).fills]));

  app.post('/api/common/updatecatalogentry', needs('catalogs.write'), async (request) => {
    const body = bodyOf(request);
    const catalog = readCatalog(registry, body);
    const id = readId(body);
    const name = readName(body, catalog);
    const details = Object.fromEntries([...fillsOf.get(catalog.name)!].map(([fill, field]) => [fill, readDetail(body, fill, field)]));
    const stockUnit = catalog.stock ? stockUnitOf(registry, catalog.name) : undefined;
    const stock = stockUnit ? productStockInput(body, today()) : undefined;
    const operator = operatorOf(request).email;
    const outcome = await stockRefusedAsBadRequest(
      storage.catalogs.update(catalog.name, id, name, details, operator, stock && ((trx, entryId) => storage.stock.saveProduct(trx, stockUnit!, entryId, stock, operator))),
    );
    if (outcome === 'not-found') throw notFound(`There is no saved ${catalog.nameKey} with _id ${id}.`);
    if (outcome === 'taken') throw new HttpError(409, `A ${catalog.nameKey} named "${name}" is saved already.`);
    return { msg: `Saved ${catalog.nameKey} "${name}".` };
  });

  app.post('/api/common/deletecatalogentry', needs('catalogs.delete'), async (request) => {
    const body = bodyOf(request);
    const catalog = readCatalog(registry, body);
    const id = readId(body);
    if (!(await storage.catalogs.remove(catalog.name, id, operatorOf(request).email))) throw notFound(`There is no saved ${catalog.nameKey} with _id ${id}.`);
    return { msg: `Deleted the ${catalog.nameKey}.` };
  });
}
