import { GST_STATES } from '../gst-states';
import { lookupTable } from '../own-keys';
import { isSchema, SchemaError, type Schema } from '../schema/json-schema';
import type { DiscountKind, FieldCheck, FieldRole, FieldSpec, ListColumn, ObjectSpec, SelectOption, UnitOfMeasure, Widget } from './types';

const STATE_WIDGET = 'state';
const WIDGETS: readonly string[] = ['text', 'textarea', 'number', 'date', 'select', STATE_WIDGET];

/**
 * x-widget "state": a select of the GST states by name ("Karnataka (29)"), submitting the code, in code order 01-38
 * then 97, 99 as the GST portal lists them. Sorted here because an object lists integer-like keys ("10") before
 * the others ("01"), which put Bihar first and Jammu and Kashmir after Lakshadweep.
 */
function stateOptions(): SelectOption[] {
  return Object.entries(GST_STATES)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, name]) => ({ label: `${name} (${code})`, value: code }));
}

/** Reads an object schema's properties into field specs, in display order (`x-order` or property order). */
export function objectSpec(schema: Schema, file: string): ObjectSpec {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const names = orderedNames(schema, 'x-order', Object.keys(properties), file);
  const fields = names.map((name) => fieldSpec(name, properties[name] as Schema, required.has(name), file));
  // Looked up by the names a request sends: only the schema's own fields are found.
  const byName = lookupTable(fields.map((field) => [field.name, field] as const));
  const orphan = fields.find((field) => field.defaultFrom !== undefined && !byName[field.defaultFrom]);
  if (orphan) throw new SchemaError(file, `${orphan.name}: x-defaultFrom "${orphan.defaultFrom}" is not a sibling field`);
  const checkOrder = orderedNames(schema, 'x-checkOrder', Object.keys(properties), file).filter(
    (name) => byName[name].required || byName[name].rows !== undefined || byName[name].check !== undefined,
  );
  return { fields, byName, checkOrder };
}

function orderedNames(schema: Schema, keyword: string, propertyNames: string[], file: string): string[] {
  const order = schema[keyword];
  if (order === undefined) return propertyNames;
  if (!Array.isArray(order) || order.some((name) => typeof name !== 'string')) {
    throw new SchemaError(file, `${keyword} must be a list of property names`);
  }
  const unknown = order.filter((name) => !propertyNames.includes(name));
  if (unknown.length) throw new SchemaError(file, `${keyword} names unknown properties: ${unknown.join(', ')}`);
  return [...order, ...propertyNames.filter((name) => !order.includes(name))];
}

function fieldSpec(name: string, schema: Schema, required: boolean, file: string): FieldSpec {
  const title = typeof schema.title === 'string' ? schema.title : name;
  const declared = String(schema['x-widget'] ?? 'text');
  if (!WIDGETS.includes(declared)) throw new SchemaError(file, `${name}: unknown x-widget "${declared}"`);
  const widget = (declared === STATE_WIDGET ? 'select' : declared) as Widget;
  const items = schema.items;
  const rows = schema.type === 'array' && isSchema(items) && items.type === 'object' ? objectSpec(items, file) : undefined;
  // A list of rows answers with its first row's message, so only plain fields need their own.
  if (required && !rows && typeof schema['x-message'] !== 'string') {
    throw new SchemaError(file, `${name} is required but has no x-message`);
  }
  const productOf = schema['x-productOf'];
  if (productOf !== undefined && !(Array.isArray(productOf) && productOf.length === 2)) {
    throw new SchemaError(file, `${name}: x-productOf must name two sibling fields`);
  }
  const options = declared === STATE_WIDGET ? stateOptions() : (schema['x-options'] as SelectOption[] | undefined);
  const check = schema['x-check'] as FieldCheck | undefined;
  // Every date the schemas declare is a real day in range, whichever file declares it (issue 25).
  if (widget === 'date' && check?.rule !== 'calendarDate') {
    throw new SchemaError(file, `${name}: a date field (x-widget "date") needs x-check {"rule": "calendarDate", "message": ...}`);
  }
  return {
    name,
    title,
    schema,
    required,
    message: schema['x-message'] as string | undefined,
    messages: { ...wholeNumberMessages(title, schema), ...(schema['x-messages'] as Record<string, string> | undefined) },
    check,
    defaultFrom: schema['x-defaultFrom'] as string | undefined,
    block: schema['x-block'] as string | undefined,
    widget,
    options,
    unitsOfMeasure: options && unitsOfMeasure(name, options, file),
    catalog: schema['x-catalog'] as string | undefined,
    readOnly: schema['x-readOnly'] === true,
    rowNumber: schema['x-rowNumber'] === true,
    pdfTitle: typeof schema['x-pdfTitle'] === 'string' ? schema['x-pdfTitle'] : title,
    productOf: productOf as [string, string] | undefined,
    discount: discountKind(schema['x-discount']),
    decimals: typeof schema['x-decimals'] === 'number' ? schema['x-decimals'] : undefined,
    money: schema['x-money'] === true,
    hsn: schema['x-hsn'] === true,
    taxRate: schema['x-taxRate'] === true,
    role: schema['x-role'] as FieldRole | undefined,
    taxIncludedWhen: schema['x-taxIncludedWhen'] as string | undefined,
    listColumn: schema['x-listColumn'] as ListColumn | undefined,
    rows,
  };
}

/** x-discount's kind; `true` is the older spelling of "percent". */
function discountKind(value: unknown): DiscountKind | undefined {
  if (value === true || value === 'percent') return 'percent';
  return value === 'percentOrAmount' ? 'percentOrAmount' : undefined;
}

/** The JSON Schema keywords a value given to an `x-wholeNumber` field can fail (pattern: text not in the number grammar). */
const WHOLE_NUMBER_KEYWORDS = ['type', 'pattern', 'minimum', 'maximum'] as const;

/** x-wholeNumber's one message for every way a given value fails it: "Invoice No. must be a whole number from 1 to 999,999,999." */
function wholeNumberMessages(title: string, schema: Schema): Record<string, string> {
  const range = schema['x-wholeNumber'] as { from: number; to: number } | undefined;
  if (!range) return {};
  const grouped = (n: number) => n.toLocaleString('en-US');
  const message = `${title} must be a whole number from ${grouped(range.from)} to ${grouped(range.to)}.`;
  return Object.fromEntries(WHOLE_NUMBER_KEYWORDS.map((keyword) => [keyword, message]));
}

const UQC = /^[A-Z]{3}$/;

/**
 * Options that declare a unit of measure must all declare one (a printed `unit` and a three-letter GST `uqc`),
 * and options submitting the same value must agree on it: the stored value is all the PDF and returns see.
 */
function unitsOfMeasure(name: string, options: SelectOption[], file: string): Record<string, UnitOfMeasure> | undefined {
  const declaring = options.filter((option) => option.unit !== undefined || option.uqc !== undefined);
  if (declaring.length === 0) return undefined;
  const units = lookupTable<UnitOfMeasure>([]);
  for (const { label, value, unit, uqc } of options) {
    if (typeof unit !== 'string' || unit.trim() === '' || typeof uqc !== 'string' || !UQC.test(uqc)) {
      throw new SchemaError(file, `${name}: option "${label}" needs a unit and a three-letter uqc, as its siblings have`);
    }
    const earlier = units[value];
    if (earlier && (earlier.unit !== unit || earlier.uqc !== uqc)) {
      throw new SchemaError(file, `${name}: options submitting "${value}" declare different units`);
    }
    units[value] = { unit, uqc };
  }
  return units;
}

/** The schema without x- keywords, for ajv and json-schema-to-typescript. */
export function withoutExtensions(schema: Schema): Schema {
  const plain: Schema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword.startsWith('x-')) continue;
    if (keyword === 'properties' && isSchema(value)) {
      plain.properties = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [name, withoutExtensions(property as Schema)]),
      );
    } else if (keyword === 'items' && isSchema(value)) {
      plain.items = withoutExtensions(value);
    } else {
      plain[keyword] = value;
    }
  }
  return plain;
}
