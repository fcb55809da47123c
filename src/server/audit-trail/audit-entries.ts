import { changesBetween, readableName, type AuditChange, type AuditEntry, type Registry } from '../../engine/core';
import type { StoredAuditRow } from '../storage/audit-trail';
import { auditedKinds, billKind, flatValues, type AuditedKind, type AuditedRow } from './documents';

type Json = Record<string, unknown>;

const asJson = (value: unknown): Json | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null);

/** A row of a type the registry no longer knows (a bill type since removed): its values as they are. */
const unknownKind = (type: string): AuditedKind => ({
  label: readableName(type),
  name: (row) => `${readableName(type)}${row.billno ? ` ${row.billno}` : ''}`,
  view: (state) => ({ fields: flatValues(state) }),
  labels: {},
});

/** "Converted from Quotation 5 (2026-27)": a convert row's before is the document it was made from. */
function convertedFrom(entries: AuditEntries, row: AuditedRow, before: Json): AuditChange {
  const source = { ...row, type: String(before.type ?? ''), billno: Number(before.billno ?? 0) };
  return { kind: 'field', label: 'Converted from', before: '', after: entries.kindOf(source.type).name(source, before) };
}

/** Turns stored audit rows into what the screens and the CSV show (core AuditEntry), by the registry's words. */
export function auditEntries(registry: Registry) {
  const kinds = auditedKinds(registry);
  const entries = {
    kindOf(type: string): AuditedKind {
      return Object.hasOwn(kinds, type) ? kinds[type] : (billKind(registry, type) ?? unknownKind(type));
    },

    /** The choices of the Document filter: every bill type, then the other documents and settings. */
    documents(): { value: string; label: string }[] {
      const types = [...registry.billTypes.map((billType) => billType.type), ...Object.keys(kinds)];
      return types.map((value) => ({ value, label: entries.kindOf(value).label }));
    },

    entryOf(row: StoredAuditRow): AuditEntry {
      const kind = entries.kindOf(row.type);
      const before = asJson(row.before);
      const after = asJson(row.after);
      // A convert's before is another document (the quotation): the new bill is shown as made, from it.
      const compared = row.action === 'convert' ? null : before;
      let changes: AuditChange[];
      try {
        changes = changesBetween(compared && kind.view(compared), after && kind.view(after), kind.labels);
      } catch {
        // A row written by an older version may not fit today's schema: its values are shown as they are.
        changes = changesBetween(compared && { fields: flatValues(compared) }, after && { fields: flatValues(after) }, {});
      }
      if (row.action === 'convert' && before) changes.unshift(convertedFrom(entries, row, before));
      return {
        seq: row.seq,
        at: row.at,
        operator: row.operator,
        action: row.action,
        unit: row.unit,
        type: row.type,
        billno: row.billno,
        document: kind.name(row, after ?? before ?? {}),
        changes,
      };
    },
  };
  return entries;
}

export type AuditEntries = ReturnType<typeof auditEntries>;
