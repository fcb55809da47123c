import SqliteDatabase from 'better-sqlite3';
import { coerceNumbers, toPayload, validateBill, type Registry } from '../../engine/core';
import { withoutBlankOptionals } from '../../engine/core/rows';
import { storedBill } from '../bills/shape';
import { RESTORE_ADVICE } from './messages';

interface StoredRow {
  unit: string;
  type: string;
  billno: number;
  header: string;
  lines: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Why one stored bill could not be served (view, PDF, the client's bills), or undefined when it can. */
function problemOf(registry: Registry, row: StoredRow): string | undefined {
  const billType = registry.byType(row.type);
  if (!billType || billType.unit !== row.unit)
    return `its type ${row.type} of unit ${row.unit} is not one of the program's`;
  const header = parsed(row.header);
  const lines = parsed(row.lines);
  if (!isObject(header)) return 'its header is not a JSON object';
  if (!Array.isArray(lines) || !lines.every(isObject)) return 'its lines are not a JSON array of objects';
  const record = {
    unit: row.unit,
    type: row.type,
    fy: 0,
    billno: Number(row.billno),
    printedNo: '',
    billDate: '',
    clientName: '',
    header,
    lines,
  };
  const payload = toPayload(billType, storedBill(billType, record));
  // The schema alone, read as a save reads it: x-checks added later (a GSTIN checksum, say) do not make an old bill unservable.
  if (registry.validatorFor(billType)(coerceNumbers(billType.root, withoutBlankOptionals(billType.root, payload))))
    return undefined;
  const checked = validateBill(registry, billType, payload);
  return `it does not match its schema (${checked.ok ? 'The bill is not valid.' : checked.msg})`;
}

/**
 * Reads every stored bill of a backup (deleted ones too) the way the server will serve it and checks it
 * against its bill type's schema, as a save reads it: a bill that passes here can be viewed and printed
 * after the restore. Throws naming the first bill that cannot.
 */
export function checkStoredBills(file: string, registry: Registry): void {
  const sqlite = new SqliteDatabase(file, {
    readonly: true,
    fileMustExist: true,
  });
  try {
    const rows = sqlite
      .prepare('select unit, type, billno, header, lines from bills order by id')
      .iterate() as IterableIterator<StoredRow>;
    for (const row of rows) {
      const problem = problemOf(registry, row);
      if (problem)
        throw new Error(
          `${file} holds a bill that cannot be served: ${row.type} No. ${row.billno} (unit ${row.unit}): ${problem}. ${RESTORE_ADVICE}`,
        );
    }
  } finally {
    sqlite.close();
  }
}
