import type { Kysely } from 'kysely';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { IdpDB } from './tables';

type Row = { payload: Record<string, unknown>; consumed_at: Date | string | null; expires_at: Date | string | null };

const isLive = (row: Row | undefined, now = Date.now()): row is Row => !!row && (row.expires_at === null || new Date(row.expires_at).getTime() > now);

function toPayload(row: Row | undefined): AdapterPayload | undefined {
  if (!isLive(row)) return undefined;
  const payload = row.payload as AdapterPayload;
  // oidc-provider detects reuse of a code or refresh token by this epoch-seconds field.
  return row.consumed_at ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) } : payload;
}

/**
 * Keeps every oidc-provider model (sessions, interactions, grants, codes, refresh tokens) in the
 * oidc_payloads table, so any instance can continue a flow another instance started.
 */
export function databaseAdapter(db: Kysely<IdpDB>): AdapterFactory {
  return (model: string): Adapter => {
    const rows = () => db.selectFrom('oidc_payloads').select(['payload', 'consumed_at', 'expires_at']).where('model', '=', model);
    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          payload: JSON.stringify(payload),
          grant_id: payload.grantId ?? null,
          user_code: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        };
        await db
          .insertInto('oidc_payloads')
          .values({ model, id, ...values })
          .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(values))
          .execute();
      },
      async find(id) {
        return toPayload(await rows().where('id', '=', id).executeTakeFirst());
      },
      async findByUid(uid) {
        return toPayload(await rows().where('uid', '=', uid).executeTakeFirst());
      },
      async findByUserCode(userCode) {
        return toPayload(await rows().where('user_code', '=', userCode).executeTakeFirst());
      },
      async consume(id) {
        await db.updateTable('oidc_payloads').set({ consumed_at: new Date() }).where('model', '=', model).where('id', '=', id).execute();
      },
      async destroy(id) {
        await db.deleteFrom('oidc_payloads').where('model', '=', model).where('id', '=', id).execute();
      },
      async revokeByGrantId(grantId) {
        await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
      },
    };
  };
}

/** Expired rows are dead weight; any instance may sweep them. */
export async function deleteExpiredPayloads(db: Kysely<IdpDB>): Promise<number> {
  const result = await db.deleteFrom('oidc_payloads').where('expires_at', '<', new Date()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
