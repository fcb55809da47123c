/** Ends every refusal of a restore: the operator's data was not touched. */
export const KEPT = 'The current database is unchanged.';

/** What to do when a backup itself cannot be restored. */
export const RESTORE_ADVICE = `Restore another backup (npm run backup writes them to DATA_DIR/backups/). ${KEPT}`;
