import type { Db } from './tables';

/** Signed-out tokens by their id (the JWT's jti). Times are ISO text, which sorts as time. */
export function revokedTokenStore(db: Db) {
  return {
    /** Records a sign-out, and forgets sign-outs of tokens that have expired since (they fail on their own). */
    async revoke(tokenId: string, expiresAt: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('revoked_tokens').where('expires_at', '<', new Date().toISOString()).execute();
        await trx
          .insertInto('revoked_tokens')
          .values({ token_id: tokenId, expires_at: expiresAt })
          .onConflict((conflict) => conflict.column('token_id').doNothing())
          .execute();
      });
    },

    async isRevoked(tokenId: string): Promise<boolean> {
      const row = await db
        .selectFrom('revoked_tokens')
        .select('token_id')
        .where('token_id', '=', tokenId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type RevokedTokenStore = ReturnType<typeof revokedTokenStore>;
