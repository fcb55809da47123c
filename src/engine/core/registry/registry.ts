import { lookupTable } from '../own-keys';
import { SchemaError, type Schema } from '../schema/json-schema';
import { resolveSchema, type SchemaFiles } from '../schema/resolve';
import { META_KEYS, type CompileSchema, type CompiledValidator } from './compiled-validator';
import { CLIENTS_FILE, readClientsSpec } from './clients';
import { PAYMENTS_FILE, type PaymentsSpec, type readPaymentsSpec } from './payments';
import { CONTRACTS_FILE, type ContractsSpec, type readContractsSpec } from './contracts';
import { objectSpec, withoutExtensions } from './field-spec';
import { DEFAULT_SERIES, seriesProblem } from '../number-series';
import { clashingSalesSeries } from '../printed-number';
import { DEFAULT_KIND, KIND_FACTS, type DocumentKind } from '../document-kind';
import type { SchemaChecks } from './schema-check';
import { HEADER_BLOCKS, type BillMeta, type BillRoles, type BillType, type BillTypeEntry, type Catalog, type ClientsSpec, type ConvertTexts, type ObjectSpec, type FieldRole, type FieldSpec, type MenuGroup, type NoteMeta, type Unit } from './types';

/**
 * What is known of every bill type before any one is read whole: the app's shell (menus, routes, labels) works
 * from it, and a type's screens load the type itself (the browser's registry index, registry-index.ts).
 */
export interface RegistryIndex<T extends BillTypeEntry = BillTypeEntry> {
  units: Unit[];
  billTypes: T[];
  catalogs: Record<string, Catalog>;
  /** The saved clients (clients.json): which bill fields a client fills, by role. */
  clients: ClientsSpec;
  byType(type: string): T | undefined;
  byRoute(unitSlug: string, route: string): T | undefined;
  unit(slug: string): Unit | undefined;
  /** Create Bill / View Bill menus: one group per unit, its bill types in menu order. */
  menu(): MenuGroup<T>[];
  /** The bill types a create endpoint of a unit accepts (e.g. createtaxbill: taxinvoice, taxquotation). */
  typesForEndpoint(unitSlug: string, endpoint: string): T[];
}

/** Every bill type read whole, with their validators. */
export interface Registry extends RegistryIndex<BillType> {
  /** Payments received (payments.json), when the schemas declare them (the browser loads it with its payment screens). */
  payments?: PaymentsSpec;
  /** Service contracts (contracts.json, issue 47), when the schemas declare them. */
  contracts?: ContractsSpec;
  /** The compiled schema check of a bill type, compiled on first use. */
  validatorFor(billType: BillType): CompiledValidator;
}

/** The lookups of a registry (or its index) over its units and bill types. */
export function registryLookups<T extends BillTypeEntry>(units: Unit[], billTypes: T[]): Omit<RegistryIndex<T>, 'catalogs' | 'clients'> {
  return {
    units,
    billTypes,
    byType: (type) => billTypes.find((billType) => billType.type === type),
    byRoute: (unitSlug, route) => billTypes.find((b) => b.unit === unitSlug && b.route === route),
    unit: (slug) => units.find((unit) => unit.slug === slug),
    menu: () =>
      units.map((unit) => ({
        unit,
        billTypes: billTypes.filter((b) => b.unit === unit.slug).sort((a, b) => a.menuOrder - b.menuOrder),
      })),
    typesForEndpoint: (unitSlug, endpoint) =>
      billTypes.filter((b) => b.unit === unitSlug && b.endpoints.create === endpoint),
  };
}

const BILLS_DIR = 'bills/';
const PARTS_DIR = 'parts/';

/**
 * Builds the registry from the schema files (keyed by path below schemas/; a reader lists them oldest
 * first, so a clash blames the file added last). With `checks` (createRegistry passes them), every file is
 * checked against its meta-schema first, parts before the bills that use them; a broken file throws a
 * SchemaError naming it. Without, the files are only read (files `npm run gen` checked already). `readPayments`
 * reads payments.json and `readContracts` contracts.json when the files have them (createRegistry gives both).
 */
export function readRegistry(
  files: SchemaFiles,
  compileSchema: CompileSchema,
  checks?: SchemaChecks,
  readPayments?: typeof readPaymentsSpec,
  readContracts?: typeof readContractsSpec,
): Registry {
  const compile = compiledOnce(compileSchema);
  const againstMeta = (file: string, metaFile: string, key: string, topNoun: string) => {
    checks?.checkAgainstMeta(files, file, metaFile, key, compile, topNoun);
  };
  againstMeta('units.json', 'meta/units.schema.json', META_KEYS.units, 'a units.json key');
  const units = readUnits(files);
  checks?.checkLetterheads(units);
  againstMeta('catalogs.json', 'meta/catalogs.schema.json', META_KEYS.catalogs, 'a catalogs.json key');
  const catalogs = readCatalogs(files);
  const inDir = (dir: string) => Object.keys(files).filter((file) => file.startsWith(dir) && file.endsWith('.json'));
  const billFiles = inDir(BILLS_DIR);
  if (checks) {
    for (const file of checks.referencesFirst(files, inDir(PARTS_DIR).sort())) {
      checks.checkKeywords(files, file, compile, false);
      checks.checkNames(files, file);
    }
    for (const file of billFiles) checks.checkAgainstMeta(files, file, 'meta/bill.schema.json', META_KEYS.bill, compile, 'a bill file key');
    for (const file of billFiles) checks.checkKeywords(files, file, compile, true);
    for (const file of billFiles) checks.checkKind(files, file);
  }
  const added = billFiles.map((file) => {
    checks?.checkNames(files, file);
    return readBillType(files, file, units, catalogs);
  });
  checkAcrossTypes(added);
  checkSalesSeries(added);
  checks?.checkBillTypes(added);
  // By unit (units.json order), then menu order, then file: a type added later lists after the ones already there.
  const unitIndex = (billType: BillType) => units.findIndex((unit) => unit.slug === billType.unit);
  const billTypes = [...added].sort(
    (a, b) => unitIndex(a) - unitIndex(b) || a.menuOrder - b.menuOrder || a.file.localeCompare(b.file),
  );
  againstMeta(CLIENTS_FILE, 'meta/clients.schema.json', META_KEYS.clients, 'a clients.json key');
  const clients = readClientsSpec(files[CLIENTS_FILE], billTypes);
  const declaresPayments = readPayments !== undefined && files[PAYMENTS_FILE] !== undefined;
  if (declaresPayments) againstMeta(PAYMENTS_FILE, 'meta/payments.schema.json', META_KEYS.payments, 'a payments.json key');
  const payments = declaresPayments ? readPayments(files[PAYMENTS_FILE], clients) : undefined;
  const declaresContracts = readContracts !== undefined && files[CONTRACTS_FILE] !== undefined;
  if (declaresContracts) againstMeta(CONTRACTS_FILE, 'meta/contracts.schema.json', META_KEYS.contracts, 'a contracts.json key');
  const contracts = declaresContracts ? readContracts(files[CONTRACTS_FILE]) : undefined;

  return {
    ...registryLookups(units, billTypes),
    catalogs,
    clients,
    payments,
    contracts,
    validatorFor: (billType) => compile(billType.type, billType.validationSchema),
  };
}

/** Each key compiled once: the bill meta-schema checks every bill file, and validators are asked for per save. */
function compiledOnce(compile: CompileSchema): CompileSchema {
  const compiled = new Map<string, CompiledValidator>();
  return (key, schema) => {
    let validator = compiled.get(key);
    if (!validator) {
      validator = compile(key, schema);
      compiled.set(key, validator);
    }
    return validator;
  };
}

export function readUnits(files: SchemaFiles): Unit[] {
  const units = (files['units.json'] as { units: Unit[] }).units.map((unit) => ({
    ...unit,
    placeholder: unit.placeholder === true,
  }));
  const duplicate = units.find((unit, i) => units.findIndex((u) => u.slug === unit.slug) !== i);
  if (duplicate) throw new SchemaError('units.json', `unit slug "${duplicate.slug}" appears twice`);
  return units;
}


export function readCatalogs(files: SchemaFiles): Record<string, Catalog> {
  const entries = Object.entries((files['catalogs.json'] as { catalogs: Record<string, Omit<Catalog, 'name'>> }).catalogs);
  return lookupTable(entries.map(([name, catalog]) => [name, { name, ...catalog }] as const));
}

export function readBillType(
  files: SchemaFiles,
  file: string,
  units: Unit[],
  catalogs: Record<string, Catalog>,
): BillType {
  const schema = resolveSchema(files, file);
  const { priced = true, numberLabel, convert, kind = DEFAULT_KIND, note, roundToRupee = true, advanceTax = false, ...meta } = schema['x-bill'] as Omit<BillMeta, 'note' | 'kind' | 'roundToRupee' | 'advanceTax'> & {
    roundToRupee?: boolean;
    advanceTax?: boolean;
    priced?: boolean;
    numberLabel?: string;
    convert?: Partial<ConvertTexts>;
    kind?: DocumentKind;
    note?: Pick<NoteMeta, 'against' | 'againstLabel'>;
  };
  if (numberLabel !== undefined) labelBillNumber(schema, numberLabel);
  const unitInfo = units.find((unit) => unit.slug === meta.unit);
  if (!unitInfo) throw new SchemaError(file, `x-bill.unit "${meta.unit}" is not a unit in units.json`);
  if (schema.type !== 'object') throw new SchemaError(file, 'must describe an object');

  const root = objectSpec(schema, file);
  const rowFields = root.fields.filter((field) => field.rows !== undefined);
  if (rowFields.length !== 1) throw new SchemaError(file, 'must have exactly one list of rows (product)');
  const rowsField = rowFields[0];
  checkLineShape(file, meta, rowsField);
  const header = root.fields.filter((field) => field !== rowsField);
  checkBlocks(file, header);
  const roles = readRoles(file, header);
  checkCatalogs(file, rowsField, catalogs, meta.lines);
  checkPriced(file, priced, rowsField);

  const validationSchema = withoutExtensions(schema);
  delete validationSchema.title;
  return {
    ...meta,
    kind,
    roundToRupee,
    advanceTax,
    countsAsSales: KIND_FACTS[kind].sales,
    cancelsOnDelete: KIND_FACTS[kind].sales && meta.tax,
    // The checks (checkKind) hold x-bill.note to the note kinds, whose facts have a sign and GSTR-1 type.
    note: note && { ...KIND_FACTS[kind].note!, ...note },
    series: checkedSeries(file, meta.series),
    successPreview: meta.successPreview === true,
    mail: { ...meta.mail },
    priced,
    // Filled in by checkAcrossTypes, which knows the target's names.
    convert: convert as ConvertTexts | undefined,
    pdf: {
      ...meta.pdf,
      numberLabel: numberLabel ?? meta.pdf.numberLabel ?? roles.billNumber.title,
      payment: meta.pdf.payment === true,
      copyLabels: meta.pdf.copyLabels ?? [],
    },
    file,
    title: String(schema.title),
    schema,
    validationSchema,
    unitInfo,
    root,
    header,
    rowsField,
    roles,
    blocks: [...new Set(header.map((field) => field.block!))],
    listColumns: header.filter((field) => field.listColumn).sort((a, b) => a.listColumn!.order - b.listColumn!.order),
    createPath: `/api/${meta.unit}/${meta.endpoints.create}`,
    getPath: `/api/${meta.unit}/${meta.endpoints.get}`,
  };
}

const REQUIRED_ROLES: ReadonlyArray<FieldRole> = ['billNumber', 'billDate', 'clientName'];

/** The header fields by x-role: each role at most once, the number, date and client name always. */
function readRoles(file: string, header: FieldSpec[]): BillRoles {
  const roles: Partial<Record<FieldRole, FieldSpec>> = {};
  for (const field of header) {
    if (field.role === undefined) continue;
    const other = roles[field.role];
    if (other) throw new SchemaError(file, `x-role "${field.role}" is on both ${other.name} and ${field.name}`);
    roles[field.role] = field;
  }
  const missing = REQUIRED_ROLES.filter((role) => !roles[role]);
  if (missing.length) throw new SchemaError(file, `must have a header field with x-role ${missing.map((r) => `"${r}"`).join(', ')}`);
  return roles as BillRoles;
}

/** x-bill.numberLabel: the bill number field's title on screen, and (in readBillType) the PDF's label. */
function labelBillNumber(schema: Schema, label: string): void {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const property of Object.values(properties)) if (property['x-role'] === 'billNumber') property.title = label;
}

/** A document without prices has no money field (nothing to total); a priced one has one to total. */
function checkPriced(file: string, priced: boolean, rowsField: FieldSpec): void {
  const moneyField = (spec: ObjectSpec): FieldSpec | undefined =>
    spec.fields.find((field) => field.money || field.productOf) ?? spec.fields.map((f) => f.rows && moneyField(f.rows)).find(Boolean);
  const money = moneyField(rowsField.rows!);
  if (!priced && money) throw new SchemaError(file, `x-bill.priced is false but field \`${money.name}\` is an amount (x-money/x-productOf)`);
  if (priced && !money) throw new SchemaError(file, 'the lines have no amount (x-money): add one, or set x-bill.priced to false for a document without prices');
}

/** A header field outside the blocks would be stored but placed neither on the screen nor in the PDF. */
function checkBlocks(file: string, header: FieldSpec[]): void {
  const outside = header.find((field) => !HEADER_BLOCKS.includes(field.block as never));
  if (outside) {
    throw new SchemaError(file, `field \`${outside.name}\` is in no header block: give it (or its part) an \`x-block\` (${HEADER_BLOCKS.join(', ')})`);
  }
}

/** `lines: "service"` means rows that hold a nested list (services); `goods` means flat rows. */
function checkLineShape(file: string, meta: Pick<BillMeta, 'lines'>, rowsField: FieldSpec): void {
  const nested = rowsField.rows!.fields.some((field) => field.rows !== undefined);
  if (nested !== (meta.lines === 'service')) {
    throw new SchemaError(file, `x-bill.lines is "${meta.lines}" but the rows ${nested ? 'hold' : 'do not hold'} a nested list`);
  }
}

/** Every x-catalog names a catalogs.json list; a stocked list (`stock`) is picked by goods lines only, services are never stocked. */
function checkCatalogs(file: string, field: FieldSpec, catalogs: Record<string, Catalog>, lines: BillMeta['lines']): void {
  for (const child of field.rows?.fields ?? []) {
    if (child.catalog !== undefined && !catalogs[child.catalog]) {
      throw new SchemaError(file, `${child.name}: x-catalog "${child.catalog}" is not in catalogs.json`);
    }
    if (child.catalog !== undefined && catalogs[child.catalog].stock && lines !== 'goods') {
      throw new SchemaError(file, `${child.name}: x-catalog "${child.catalog}" is stocked (catalogs.json stock: true), but only goods lines are stocked, not ${lines} lines`);
    }
    checkCatalogs(file, child, catalogs, lines);
  }
}

/** The convert action's texts: the file's own (the spec's words for its quotations), else named from both documents. */
function convertTexts(source: BillType, target: BillType): ConvertTexts {
  return {
    button: `Convert To ${target.pdf.documentName} And Create PDF`,
    title: `Convert to ${target.pdf.title}`,
    text: `Are you sure? You want to convert your ${source.pdf.documentName} to ${target.pdf.documentName}?`,
    ...source.convert,
  };
}

/** A file named after its type (invoice.json for "invoice") owns that type; a copy that kept it is the newcomer. */
const ownsItsName = (billType: BillType) => billType.file === `${BILLS_DIR}${billType.type}.json`;

/**
 * Type, route and title are unique. A clash names the file added last (files come oldest first), or the
 * one not named after its type, never the untouched original.
 */
function checkAcrossTypes(billTypes: BillType[]): void {
  const seen = new Map<string, BillType>();
  for (const billType of billTypes) {
    const keys = [`type \`${billType.type}\``, `route \`${billType.unit}/${billType.route}\``, `title \`${billType.title}\``];
    for (const key of keys) {
      const other = seen.get(key);
      if (other) {
        const [added, original] = ownsItsName(billType) && !ownsItsName(other) ? [other, billType] : [billType, other];
        throw new SchemaError(added.file, `${key} is already used by schemas/${original.file}`);
      }
      seen.set(key, billType);
    }
  }
  for (const billType of billTypes) {
    if (billType.convertsTo === undefined) {
      if (billType.convert) throw new SchemaError(billType.file, 'x-bill.convert is set but x-bill.convertsTo is not');
      continue;
    }
    const target = billTypes.find((b) => b.type === billType.convertsTo);
    if (!target) throw new SchemaError(billType.file, `x-bill.convertsTo "${billType.convertsTo}" is not a bill type`);
    if (target.unit !== billType.unit || target.lines !== billType.lines || target.convertsTo !== undefined) {
      throw new SchemaError(billType.file, `x-bill.convertsTo "${target.type}" must be a bill of the same unit and line shape`);
    }
    billType.convert = convertTexts(billType, target);
  }
}

export type { Schema };

/** A schema's x-bill.series, checked as the profile checks one (number-series.ts seriesProblem). */
function checkedSeries(file: string, series: string | undefined): string {
  const format = series ?? DEFAULT_SERIES;
  const problem = seriesProblem('x-bill.series', format);
  if (problem) throw new SchemaError(file, problem);
  return format;
}

/**
 * GSTR-1 reports each invoice by its printed number, which must be unique in a financial year: the sales series
 * of a unit that charges GST (x-bill.kind sale) each need a series of their own (x-bill.series; one may be
 * the plain {n}). A unit's profile is held to the same rule (clashingSalesSeries).
 */
function checkSalesSeries(billTypes: BillType[]): void {
  for (const [index, billType] of billTypes.entries()) {
    const other = clashingSalesSeries(billTypes, billType, billType.series, (each) => each.series);
    if (other && billTypes.indexOf(other) < index) {
      throw new SchemaError(
        billType.file,
        `x-bill.series "${billType.series}" is also schemas/${other.file}'s: both count as sales of unit ${billType.unit}, ` +
          'and GSTR-1 needs invoice numbers unique in a year; give one of them a series of its own',
      );
    }
  }
}
