import type { Migration } from 'kysely';

/**
 * Issue 45's audit screens read the trail newest first, filtered by day, operator, document type or action, and
 * list the operators and actions as the filters' choices: on 100,000 rows each of these is a range of an index
 * instead of a walk through every row (the existing audit_log_bill index answers a bill's history).
 */
export function auditIndexes(): Migration {
  return {
    async up(db) {
      await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
      await db.schema.createIndex('audit_log_operator').on('audit_log').columns(['operator', 'id']).execute();
      await db.schema.createIndex('audit_log_type').on('audit_log').columns(['type', 'id']).execute();
      await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
      // An operator limited to some units: their rows newest first, and the choices within their units' range.
      await db.schema.createIndex('audit_log_unit').on('audit_log').columns(['unit', 'id']).execute();
      await db.schema.createIndex('audit_log_unit_choices').on('audit_log').columns(['unit', 'operator', 'action']).execute();
    },
  };
}
