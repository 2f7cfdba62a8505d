import type { Kysely } from 'kysely';
import type { DB } from '../db/types';

// The vendors service's tables: fulfilments and exam-delivery candidates. Kysely only.

export type Db = Kysely<DB>;

export const pendingFulfillments = (db: Db, accountId: string) =>
  db
    .selectFrom('fulfillments')
    .select(['id', 'item', 'kind', 'status', 'created_at'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .execute();

export async function releaseFulfillments(db: Db, accountId: string, address: Record<string, unknown>): Promise<number> {
  const released = await db
    .updateTable('fulfillments')
    .set({ status: 'released', address: JSON.stringify(address), released_at: new Date() })
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(released.numUpdatedRows);
}

export async function saveCandidate(db: Db, accountId: string, candidateId: string, document: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('pearson_candidates')
    .values({ account_id: accountId, candidate_id: candidateId, document: JSON.stringify(document) })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ document: JSON.stringify(document), updated_at: new Date() }))
    .execute();
}
