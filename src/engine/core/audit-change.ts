/**
 * The audit trail as people read it (issue 45): what changed between a document's before and after, field by
 * field, line by line, and in its figures. Pure: the server shapes each stored row into an AuditedDocument and
 * the screens and the CSV show the AuditChange list.
 */

/** What one audit row's action did; the storage keeps one of these on each row. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'convert',
  'delete',
  'restore',
  'profile',
  'series',
  'lock',
  'lock-password',
  'mail-settings',
  'send',
  'registration',
  'operator',
  'adjust',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditChange =
  | { kind: 'field'; label: string; before: string; after: string }
  | { kind: 'line-added'; line: string }
  | { kind: 'line-removed'; line: string }
  | { kind: 'line-changed'; line: string; label: string; before: string; after: string };

/** What names an audit row: its place in the chain, when, who, what was done and to which document. */
export interface AuditRowFields {
  /** The row's place in the chain (1, 2, ...). */
  seq: number;
  /** ISO time. */
  at: string;
  /** The operator's e-mail (or the CLI's `cli:user`). */
  operator: string;
  action: string;
  unit: string;
  type: string;
  billno: number;
}

export interface AuditEntry extends AuditRowFields {
  /** Human words: "Tax Invoice Bill 41 (2026-27)", "Client Ravi Motors". */
  document: string;
  changes: AuditChange[];
}

/** A line of a document as the trail names and compares it. */
export interface AuditedLine {
  /** What pairs a line before with one after: its description. */
  key: string;
  /** How it is shown: "Engine oil 15W40 × 2 @ 450.00". */
  text: string;
  /** Its other values by label (Quantity, Rate, Amount ...), as shown. */
  values: Record<string, string>;
}

/** A document at one moment, as the trail compares it. */
export interface AuditedDocument {
  /** Header fields (or a setting's values) by name, as shown. */
  fields: Record<string, string>;
  lines?: AuditedLine[];
  /** The main figures by label (Total, Tax), as shown. */
  figures?: Record<string, string>;
}

/** What each field name is called on screen; a name without one is made readable (readableName). */
export type AuditLabels = Record<string, string>;

/** "clientAddress", "from_address", "passwordset" -> "Client address", "From address", "Passwordset". */
export function readableName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function fieldChanges(before: Record<string, string>, after: Record<string, string>, labels: AuditLabels): AuditChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return names
    .filter((name) => (before[name] ?? '') !== (after[name] ?? ''))
    .map((name) => ({ kind: 'field', label: labels[name] ?? readableName(name), before: before[name] ?? '', after: after[name] ?? '' }));
}

/** Lines paired by description, in order (two lines of one description pair first with first). */
function lineChanges(before: AuditedLine[], after: AuditedLine[]): AuditChange[] {
  const unpaired = [...after];
  const changes: AuditChange[] = [];
  const removed: AuditChange[] = [];
  for (const old of before) {
    const at = unpaired.findIndex((line) => line.key === old.key);
    if (at < 0) {
      removed.push({ kind: 'line-removed', line: old.text });
      continue;
    }
    const [now] = unpaired.splice(at, 1);
    // A line's values are keyed by their titles already.
    const titles = Object.fromEntries([...Object.keys(old.values), ...Object.keys(now.values)].map((title) => [title, title]));
    for (const change of fieldChanges(old.values, now.values, titles)) {
      if (change.kind === 'field') changes.push({ kind: 'line-changed', line: old.text, label: change.label, before: change.before, after: change.after });
    }
  }
  return [...removed, ...unpaired.map((line): AuditChange => ({ kind: 'line-added', line: line.text })), ...changes];
}

/**
 * The changes from `before` to `after` (null: the document did not exist, or no longer does). A new or removed
 * document with figures is summed up by them; one without lists its values.
 */
export function changesBetween(before: AuditedDocument | null, after: AuditedDocument | null, labels: AuditLabels): AuditChange[] {
  if (!before && !after) return [];
  const only = before ?? after!;
  if (!before || !after) {
    const shown = only.figures && Object.keys(only.figures).length ? only.figures : only.fields;
    const empty = Object.fromEntries(Object.keys(shown).map((name) => [name, '']));
    return fieldChanges(before ? shown : empty, after ? shown : empty, labels);
  }
  return [
    ...fieldChanges(before.fields, after.fields, labels),
    ...lineChanges(before.lines ?? [], after.lines ?? []),
    ...fieldChanges(before.figures ?? {}, after.figures ?? {}, labels),
  ];
}

/** One change in a line of text: "Address: A → B", "Added line: ...", "Removed line: ...". */
export function changeText(change: AuditChange): string {
  switch (change.kind) {
    case 'field':
      return `${change.label}: ${change.before} → ${change.after}`;
    case 'line-added':
      return `Added line: ${change.line}`;
    case 'line-removed':
      return `Removed line: ${change.line}`;
    case 'line-changed':
      return `${change.line}: ${change.label}: ${change.before} → ${change.after}`;
  }
}
