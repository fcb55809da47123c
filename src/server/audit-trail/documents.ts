import { financialYearLabel, paiseText, readableName, type AuditedDocument, type AuditLabels, type Registry } from '../../engine/core';
import { catalogFields } from '../../engine/core/catalog-fields';
import { billLabels, billView, shownValue, type AuditedBill } from './bill-view';

/** An audit row as the readers pass it on: its key and its before and after, parsed. */
export interface AuditedRow {
  unit: string;
  type: string;
  billno: number;
  action: string;
  before: unknown;
  after: unknown;
}

type Json = Record<string, unknown>;

/** What the trail knows of one `type` of audit row: how it is listed, named and compared. */
export interface AuditedKind {
  /** The filter's choice. */
  label: string;
  /** Human words for the document of a row: "Client Ravi Motors". */
  name(row: AuditedRow, state: Json): string;
  view(state: Json): AuditedDocument;
  labels: AuditLabels;
}

const asJson = (value: unknown): Json | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined);

/** Nested values flattened to one level ("logo.sha256"), lists joined: a setting's values as shown. */
export function flatValues(value: Json, prefix = ''): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, inner] of Object.entries(value)) {
    const nested = asJson(inner);
    if (nested) Object.assign(values, flatValues(nested, `${prefix}${name}.`));
    else if (Array.isArray(inner)) values[`${prefix}${name}`] = inner.map((item) => shownValue(item)).join(', ');
    else values[`${prefix}${name}`] = shownValue(inner);
  }
  return values;
}

const flatView = (state: Json): AuditedDocument => ({ fields: flatValues(state) });
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function unitLabel(registry: Registry, unit: string): string {
  return registry.unit(unit)?.menuLabel ?? unit;
}

/** A kind named "<words> (<unit>)", compared value by value. */
function unitSetting(registry: Registry, label: string, words: string): AuditedKind {
  return { label, name: (row) => `${words} (${unitLabel(registry, row.unit)})`, view: flatView, labels: {} };
}

function clientKind(registry: Registry): AuditedKind {
  const { clients } = registry;
  // A client keeps its bill values by role (clientAddress), its contact details by name.
  const labels = Object.fromEntries([
    [clients.key.name, clients.key.title],
    ...clients.fills.map((field) => [field.role, field.title]),
    ...clients.contact.map((field) => [field.name, field.title]),
  ]);
  return {
    label: 'Clients',
    name: (_row, state) => `Client ${text(state.name)}`,
    view: (state) => ({ fields: { [clients.key.name]: text(state.name), ...flatValues(asJson(state.fills) ?? {}), ...flatValues(asJson(state.contact) ?? {}) } }),
    labels,
  };
}

function catalogKinds(registry: Registry): Record<string, AuditedKind> {
  const kinds: Record<string, AuditedKind> = {};
  for (const catalog of Object.values(registry.catalogs)) {
    const { name: nameField, fills } = catalogFields(registry.billTypes, catalog);
    const entryWord = readableName(catalog.nameKey);
    kinds[catalog.name] = {
      label: catalog.title,
      name: (_row, state) => `${entryWord} ${text(state.name)}`,
      view: (state) => ({ fields: { name: text(state.name), ...flatValues(asJson(state.details) ?? {}) } }),
      labels: { name: nameField?.title ?? entryWord, ...Object.fromEntries([...fills].map(([fill, field]) => [fill, field?.title ?? readableName(fill)])) },
    };
  }
  return kinds;
}

/** A payment (storage StoredPayment, amounts in paise): its details, the bills it settles as lines, its amount. */
function paymentKind(registry: Registry): AuditedKind {
  const billName = (allocation: Json) =>
    `${registry.byType(text(allocation.billtype))?.menuLabel ?? text(allocation.billtype)} ${text(allocation.printedNo)} (${financialYearLabel(Number(allocation.fy))})`;
  return {
    label: 'Payments',
    name: (row, state) => `Payment ${text(state.printedNo) || row.billno}`,
    view: (state) => ({
      fields: { clientName: text(state.clientName), date: text(state.date), mode: text(state.mode), reference: text(state.reference), notes: text(state.notes) },
      lines: (Array.isArray(state.allocations) ? state.allocations : []).map((allocation: Json) => ({
        key: billName(allocation),
        text: billName(allocation),
        values: { Amount: paiseText(Number(allocation.amount ?? 0)) },
      })),
      figures: { Amount: paiseText(Number(state.amount ?? 0)), 'On account': paiseText(Number(state.unallocated ?? 0)) },
    }),
    labels: { clientName: 'Client', date: 'Date', mode: 'Mode', reference: 'Reference', notes: 'Notes' },
  };
}

/** Every kind of audit row other than a bill type's, by its `type`. */
export function auditedKinds(registry: Registry): Record<string, AuditedKind> {
  return {
    ...(registry.payments ? { payment: paymentKind(registry) } : {}),
    client: clientKind(registry),
    ...catalogKinds(registry),
    profile: unitSetting(registry, 'Business profile', 'Business profile'),
    'mail-settings': unitSetting(registry, 'Mail settings', 'Mail settings'),
    'filed-period': unitSetting(registry, 'GSTR-1 filed period', 'GSTR-1 filed period'),
    test: unitSetting(registry, 'Test e-mails', 'Test e-mail'),
    statement: { label: 'Statements', name: (_row, state) => `Statement of ${text(state.client)}`, view: flatView, labels: {} },
    reminder: { label: 'Payment reminders', name: (_row, state) => `Payment reminder to ${text(state.client)}`, view: flatView, labels: {} },
    contract: { label: 'Service contracts', name: (row, state) => `Contract ${row.billno} (${text(state.clientName)})`, view: flatView, labels: {} },
    operator: { label: 'Operators', name: (_row, state) => `Operator ${text(state.email)}`, view: flatView, labels: {} },
    // Issue 48: the stock documents (storage/stock-writes.ts).
    purchase: { label: 'Purchases', name: (_row, state) => `Purchase ${text(state.supplier_bill_no)} from ${text(state.supplier)}`, view: flatView, labels: {} },
    stockadjustment: { label: 'Stock adjustments', name: (row, state) => `Stock adjustment ${row.billno} (${text(state.reason)}, ${text(state.product)})`, view: flatView, labels: {} },
    stockproduct: { label: 'Stocked products', name: (row) => `Stock of product ${row.billno}`, view: flatView, labels: {} },
  };
}

/** What a bill type's rows hold: a bill (create, update ...), else (a send, a series, a registration) values. */
export function billKind(registry: Registry, type: string): AuditedKind | undefined {
  const billType = registry.byType(type);
  if (!billType) return undefined;
  const isBill = (state: Json) => 'header' in state && 'lines' in state;
  return {
    label: `${billType.menuLabel} (${unitLabel(registry, billType.unit)})`,
    name: (row, state) => {
      if (row.billno === 0) return `${billType.menuLabel}: number series`;
      const year = typeof state.fy === 'number' ? ` (${financialYearLabel(state.fy)})` : '';
      return `${billType.menuLabel} ${text(state.printedNo) || row.billno}${year}`;
    },
    view: (state) => (isBill(state) ? billView(billType, state as AuditedBill) : flatView(state)),
    labels: billLabels(billType),
  };
}
