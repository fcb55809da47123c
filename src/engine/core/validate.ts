import { tooManyLines } from './line-count';
import { coerceNumbers, isNumberField } from './numbers';
import { checkMessage, discountExceedsMessage, givenValueMessage } from './field-checks';
import type { SchemaViolation } from './registry/compiled-validator';
import type { Registry } from './registry/registry';
import type { BillType, FieldSpec, ObjectSpec, Unit } from './registry/types';
import { ownValue } from './own-keys';
import { normalizeBill, withoutBlankOptionals, type Row } from './rows';
import { buyerDetailsMessage } from './buyer-details';

export type ValidationResult = { ok: true } | { ok: false; msg: string };

/**
 * Spec 5: the first failing check's message, or ok; first of all the line limit (`x-bill.maxLines`).
 * ajv checks the payload against the bill type's schema; the failures are then read in the schema's
 * check order (header, then each row in turn, each row's fields in its x-checkOrder), so the first
 * message is the one the spec names. Once the spec's checks pass, the fields' own x-checks (GSTIN, HSN,
 * GST rate, more than 0) run in the same order. The browser and the server run this same function.
 */
export function validateBill(registry: Pick<Registry, 'validatorFor'>, billType: BillType, sent: unknown): ValidationResult {
  // Before the schema check: a bill past its line limit is refused without reading every line.
  const tooMany = tooManyLines(billType, sent);
  if (tooMany) return { ok: false, msg: tooMany };
  const validator = registry.validatorFor(billType);
  // A blank optional number ("" or null) is no value; then every number is read with the one grammar.
  const payload = coerceNumbers(billType.root, withoutBlankOptionals(billType.root, sent));
  const unit = billType.unitInfo;
  if (validator(payload)) {
    const msg =
      firstFieldCheck(billType.root, payload, undefined, unit) ?? buyerDetailsMessage(billType, normalizeBill(billType, payload as Row));
    return msg ? { ok: false, msg } : { ok: true };
  }
  const violations = indexByPath(validator.errors ?? []);
  const msg = firstInOrder(billType.root, payload, '', undefined, violations, unit) ?? anyMessage(billType, violations, payload);
  return { ok: false, msg };
}

/** The first x-check failure, in check order (header, then each row; nested rows under their row's number). */
function firstFieldCheck(spec: ObjectSpec, value: unknown, rowNumber: number | undefined, unit: Unit): string | undefined {
  const object = isObject(value) ? value : {};
  for (const name of spec.checkOrder) {
    const field = spec.byName[name];
    if (field.rows) {
      const rows = Array.isArray(object[name]) ? (object[name] as unknown[]) : [];
      for (const [index, row] of rows.entries()) {
        const message = firstFieldCheck(field.rows, row, rowNumber ?? index + 1, unit);
        if (message) return message;
      }
    } else {
      const message =
        checkMessage(field, object[name], rowNumber ?? 1, unit) ??
        (field.productOf ? discountExceedsMessage(spec, object, rowNumber ?? 1) : undefined);
      if (message) return message;
    }
  }
  return undefined;
}

type Violations = Map<string, SchemaViolation>;

function indexByPath(errors: SchemaViolation[]): Violations {
  const byPath: Violations = new Map();
  for (const error of errors) {
    const path =
      error.keyword === 'required' ? `${error.instancePath}/${String(error.params.missingProperty)}` : error.instancePath;
    if (!byPath.has(path)) byPath.set(path, error);
  }
  return byPath;
}

function firstInOrder(
  spec: ObjectSpec,
  value: unknown,
  path: string,
  rowNumber: number | undefined,
  violations: Violations,
  unit: Unit,
): string | undefined {
  const object = isObject(value) ? value : {};
  for (const name of spec.checkOrder) {
    const field = spec.byName[name];
    const fieldPath = `${path}/${name}`;
    const violation = violations.get(fieldPath);
    if (field.rows) {
      const message = firstInRows(field, object[name], fieldPath, rowNumber, violation, violations, unit);
      if (message) return message;
    } else if (violation) {
      if (notANumber(field, violation, object[name])) return notANumberMessage(field, object[name], rowNumber);
      return givenValueMessage(field, object[name], rowNumber ?? 1, unit) ?? messageFor(field, violation, rowNumber ?? 1, object[name]);
    }
  }
  return undefined;
}

function firstInRows(
  field: FieldSpec,
  value: unknown,
  path: string,
  rowNumber: number | undefined,
  violation: SchemaViolation | undefined,
  violations: Violations,
  unit: Unit,
): string | undefined {
  const rows = field.rows!;
  if (violation?.keyword === 'maxItems') return messageFor(field, violation, rowNumber ?? 1);
  // An empty or malformed list reads as an empty first row: its first check's message.
  if (violation || !Array.isArray(value)) return firstMessage(rows, rowNumber ?? 1);
  for (let index = 0; index < value.length; index++) {
    const rowPath = `${path}/${index}`;
    const number = rowNumber ?? index + 1;
    if (violations.has(rowPath)) return firstMessage(rows, number);
    const message = firstInOrder(rows, value[index], rowPath, number, violations, unit);
    if (message) return message;
  }
  return undefined;
}

function firstMessage(spec: ObjectSpec, rowNumber: number): string {
  const first = spec.byName[spec.checkOrder[0]];
  return first.rows ? firstMessage(first.rows, rowNumber) : fill(first.message ?? `${first.title} is not valid.`, rowNumber);
}

const LIMIT_MESSAGES: Record<string, (field: FieldSpec, limit: unknown) => string> = {
  maxLength: (field, limit) => `${field.title} must be at most ${String(limit)} characters.`,
  maxItems: (field, limit) => `${field.title} can have at most ${String(limit)} rows.`,
  maximum: (field, limit) => `${field.title} must be at most ${String(limit)}.`,
};

/** Text that is there but is not a number (the field's own message says the value is missing). */
function notANumber(field: FieldSpec, violation: SchemaViolation, value: unknown): boolean {
  return violation.keyword === 'type' && isNumberField(field) && typeof value === 'string' && value.trim() !== '';
}

function notANumberMessage(field: FieldSpec, value: unknown, rowNumber: number | undefined): string {
  const where = rowNumber === undefined ? '' : ` at Sr. No. ${rowNumber}`;
  return `${field.title}${where} is not a number: "${String(value).trim()}".`;
}

/** Missing, null or only white space: the field's own x-message answers, whatever keyword failed. */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The message for a failed keyword: `x-messages` names one per keyword for a value that was given (a bill
 * number out of range, say), the field's `x-message` speaks for an empty one (spec 5).
 */
function messageFor(field: FieldSpec, violation: SchemaViolation, rowNumber: number, value?: unknown): string {
  const override = ownValue(field.messages, violation.keyword);
  if (override && !isBlank(value)) return fill(override, rowNumber);
  const limitMessage = ownValue(LIMIT_MESSAGES, violation.keyword);
  if (limitMessage) return limitMessage(field, violation.params.limit);
  return fill(field.message ?? `${field.title} is not valid.`, rowNumber);
}

/** A failure outside the check order (an optional field too long, say): in the field's own words if it has them. */
function anyMessage(billType: BillType, violations: Violations, payload: unknown): string {
  const [[path, violation] = []] = violations;
  const parts = path?.split('/') ?? [];
  const name = parts.filter((part) => !/^\d+$/.test(part)).pop();
  const field = name ? findField(billType.root, name) : undefined;
  if (!field || !violation) return 'The bill is not valid.';
  const rowIndex = parts.find((part) => /^\d+$/.test(part));
  const value = parts.filter(Boolean).reduce<unknown>((node, part) => (isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[part] : undefined), payload);
  return messageFor(field, violation, rowIndex === undefined ? 1 : Number(rowIndex) + 1, value);
}

function findField(spec: ObjectSpec, name: string): FieldSpec | undefined {
  for (const field of spec.fields) {
    if (field.name === name) return field;
    const nested = field.rows && findField(field.rows, name);
    if (nested) return nested;
  }
  return undefined;
}

function fill(message: string, rowNumber: number): string {
  return message.replaceAll('{n}', String(rowNumber));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
