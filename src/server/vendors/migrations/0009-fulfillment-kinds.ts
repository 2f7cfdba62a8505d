import { sql, type Kysely } from 'kysely';

// What kind of item a fulfilment is (printedCertificate, examVoucherCard, ...), so the portal names
// the kind in the learner's language and `item` keeps only the item's own name. Rows from before
// have none, and show their item text as it is. `if not exists`: a database adopted from the earlier
// migration names (db/migrations/index.ts) runs it again safely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table fulfillments add column if not exists kind text`.execute(db);
}
