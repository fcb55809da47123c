import type { Migration } from 'kysely';

/**
 * Issue 29's speed. The receivables (receivables.ts) read, for every live sales bill of a unit, its client, date,
 * grand total and the key its notes name it by: this index holds all of them, so the database sums 100,000 bills
 * per client without opening one bill row (each carries its whole record). Led by unit, type and deletion as the
 * lists' indexes are, then the client, so one client's bills (a statement, its ageing) are a range of it. The
 * allocations' indexes take their amounts in for the same reason: a bill's allocations, and a payment's, are
 * summed from the index alone; and the payments' client index its deletion and amount, so what every client has
 * on account is summed from it (every query of a client's payments reads only live ones).
 */
export function moneyInIndexes(): Migration {
  return {
    async up(db) {
      await db.schema
        .createIndex('bills_receivables')
        .on('bills')
        .columns(['unit', 'type', 'deleted_at', 'client_key', 'bill_date', 'fy', 'billno', 'grand_total', 'client_name', 'id'])
        .execute();
      await db.schema.dropIndex('payment_allocations_bill').execute();
      await db.schema.createIndex('payment_allocations_bill').on('payment_allocations').columns(['bill_id', 'payment_id', 'amount']).execute();
      await db.schema.dropIndex('payments_by_client').execute();
      await db.schema.createIndex('payments_by_client').on('payments').columns(['unit', 'deleted_at', 'client_key', 'pay_date', 'amount']).execute();
      await db.schema.dropIndex('payment_allocations_payment').execute();
      await db.schema.createIndex('payment_allocations_payment').on('payment_allocations').columns(['payment_id', 'amount']).execute();
    },
  };
}
