import { Readable } from 'node:stream';
import { changeText, type Registry } from '../../engine/core';
import { csvCell } from '../reports/register';
import type { AuditFilter, AuditTrailStore } from '../storage/audit-trail';
import type { AuditEntries } from './audit-entries';

const COLUMNS = ['Row', 'When', 'Operator', 'Action', 'Unit', 'Document', 'Changes', 'Hash'];

/**
 * The filtered trail as CSV, oldest first, streamed a batch of rows at a time: a UTF-8 byte order mark and the
 * register's quoting (csvCell), so a value an operator typed cannot run as a spreadsheet formula.
 */
export function auditCsv(trail: AuditTrailStore, entries: AuditEntries, registry: Registry, filter: AuditFilter): Readable {
  async function* lines() {
    yield `\uFEFF${COLUMNS.map(csvCell).join(',')}\r\n`;
    for await (const row of trail.inOrder(filter)) {
      const entry = entries.entryOf(row);
      const unit = registry.unit(entry.unit)?.menuLabel ?? entry.unit;
      const cells = [entry.seq, entry.at, entry.operator, entry.action, unit, entry.document, entry.changes.map(changeText).join('; '), row.hash];
      yield `${cells.map(csvCell).join(',')}\r\n`;
    }
  }
  return Readable.from(lines());
}
