import { checkMessage } from './field-checks';
import { numericText } from './numeric-text';
import type { BillType, ClientField, ClientsSpec, FieldRole } from './registry/types';
import type { Row } from './rows';

/** A saved client's values: its name, the bill values it keeps by role, and its own contact details. */
export interface ClientDetails {
  name: string;
  /** By role (clientAddress, clientGstin): only the non-empty ones. */
  fills: Partial<Record<FieldRole, string>>;
  /** By contact name (phone, email): only the non-empty ones. */
  contact: Record<string, string>;
}

export type ClientCheck = { ok: true; client: ClientDetails } | { ok: false; msg: string };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The key a client's name is unique and searched by: the same for any case and either Unicode form, in every
 * script ("Müller GmbH", "MÜLLER GMBH", and "Mu\u0308ller" decomposed are one client). Computed here, not by
 * the database, whose lower() is ASCII-only on SQLite. Upper then lower, so "ß" and "SS" meet too.
 */
export function clientNameKey(name: string): string {
  return name.normalize('NFC').trim().toUpperCase().toLowerCase().normalize('NFC');
}

/** The GSTIN as stored: no surrounding spaces, capitals (GSTINs are case-blind). */
export function normalizeGstin(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * The client a bill names (clients.json's key role) with the values it fills, or undefined when the bill
 * type has no client name. Works from a bill's header fields by role, so any bill type takes part.
 */
export function clientOfBill(spec: ClientsSpec, billType: BillType, bill: Row): ClientDetails | undefined {
  const roles = billType.roles as Partial<Record<FieldRole, { name: string }>>;
  const keyField = roles[spec.key.role];
  const name = keyField ? text(bill[keyField.name]) : '';
  if (!name) return undefined;
  const fills: ClientDetails['fills'] = {};
  for (const fill of spec.fills) {
    const field = roles[fill.role];
    const value = field ? text(bill[field.name]) : '';
    if (value) fills[fill.role] = fill.role === 'clientGstin' ? normalizeGstin(value) : value;
  }
  return { name, fills, contact: {} };
}

function fieldProblem(field: ClientField, value: string): string | undefined {
  const message = field.field.message ?? `Please provide the ${field.title}.`;
  if (!value) return field.required ? message : undefined;
  const { pattern, maxLength } = field.field.schema;
  // Counted in characters (code points) as the bill's schema check counts them, and said as the bill says it:
  // a name too long is not a missing one.
  if (typeof maxLength === 'number' && [...value].length > maxLength) {
    return field.field.messages.maxLength ?? `${field.field.title} must be at most ${maxLength} characters.`;
  }
  if (typeof pattern === 'string' && !new RegExp(pattern, 'u').test(value)) return message;
  // The bill field's own x-check (a GSTIN's format, state and check character), with the bill's message.
  return checkMessage(field.field, field.role === 'clientGstin' ? normalizeGstin(value) : value, 1, undefined);
}

/**
 * A client as the operator saves it by hand (saveclient, the Clients screen), keyed as the API names it:
 * the bill fields' own checks and messages (spec 5's for name, address and GSTIN length), then the GSTIN's
 * format and check character, then each contact detail's declared check. The first failure's message.
 */
export function checkClient(spec: ClientsSpec, values: Row): ClientCheck {
  const fills: ClientDetails['fills'] = {};
  for (const field of [spec.key, ...spec.fills]) {
    const raw = values[field.name];
    if (raw !== undefined && raw !== null && typeof raw !== 'string') return { ok: false, msg: `${field.title} must be text.` };
    const value = text(raw);
    const problem = fieldProblem(field, value);
    if (problem) return { ok: false, msg: problem };
    if (value && field !== spec.key) fills[field.role] = field.role === 'clientGstin' ? normalizeGstin(value) : value;
  }
  const contact: Record<string, string> = {};
  for (const detail of spec.contact) {
    const raw = values[detail.name] ?? '';
    // A contact detail is numeric text or text its pattern checks, so a JSON number is taken as its digits.
    const given = numericText(raw);
    if (given === undefined) return { ok: false, msg: detail.message };
    const value = given.trim();
    if (!value) continue;
    if (value.length > detail.maxLength || (detail.pattern && !new RegExp(detail.pattern, 'u').test(value))) {
      return { ok: false, msg: detail.message };
    }
    contact[detail.name] = value;
  }
  return { ok: true, client: { name: text(values[spec.key.name]), fills, contact } };
}

/** A saved client as the API answers it: keyed by the bill fields' names and the contact names. */
export function clientAnswerFields(spec: ClientsSpec, client: ClientDetails): Row {
  const answer: Row = { [spec.key.name]: client.name };
  for (const field of spec.fills) {
    const value = client.fills[field.role];
    if (value) answer[field.name] = value;
  }
  for (const detail of spec.contact) {
    const value = client.contact[detail.name];
    if (value) answer[detail.name] = value;
  }
  return answer;
}
