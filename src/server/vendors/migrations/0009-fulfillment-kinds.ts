import type { Kysely } from 'kysely';

// What kind of item a fulfilment is (printedCertificate, examVoucherCard, ...), so the portal names
// the kind in the learner's language and `item` keeps only the item's own name. Rows from before
// have none, and show their item text as it is.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('fulfillments').addColumn('kind', 'text').execute();
}
