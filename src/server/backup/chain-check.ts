import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { AuditChainPlugin } from '../storage/audit-chain';
import { loadAuditKey, type AuditKeySettings } from '../storage/audit-key';
import { verifyChain } from '../storage/audit-verify';
import type { Tables } from '../storage/tables';
import { KEPT } from './messages';

/**
 * Walks a backup's audit chain with this installation's key before a restore replaces anything, and refuses one
 * that does not verify, naming the first bad row. A backup from before the chain has no head row: the first start
 * after the restore seals its rows (migration 0027), as it would have sealed the live ones.
 */
export async function checkBackupChain(file: string, dataDir: string, settings: AuditKeySettings): Promise<void> {
  const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  const chained = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'audit_chain_head'").get();
  if (!chained) {
    sqlite.close();
    return;
  }
  const { key, source } = loadAuditKey(settings, dataDir);
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }), plugins: [new AuditChainPlugin(key, 'sqlite')] });
  try {
    const verdict = await verifyChain(db);
    if (!verdict.ok)
      throw new Error(
        `${file} holds an audit chain that does not verify with the audit key from ${source}: ${verdict.msg} Restore a backup whose chain verifies, or give the key this backup's chain was sealed with. ${KEPT}`,
      );
  } finally {
    await db.destroy();
  }
}
