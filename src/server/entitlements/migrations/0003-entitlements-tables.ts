import { sql, type Kysely } from 'kysely';

// The entitlements service's tables: products, access keys and their redemptions, entitlements, CertMaster Practice products.
// One schema for PGlite and PostgreSQL: only types and defaults both understand. Migrations see no
// table types: they run before the types describe the tables.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('vendor_product_code', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('classroom', 'text')
    .addColumn('product_version', 'text')
    .execute();

  await db.schema
    .createTable('access_keys')
    .addColumn('access_key', 'text', (c) => c.primaryKey())
    .addColumn('vendor', 'text')
    .addColumn('product_ids', 'jsonb', (c) => c.notNull())
    .addColumn('is_reservation', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('activates_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('access_days', 'integer')
    .addColumn('access_expires_at', 'timestamptz')
    .addColumn('temporary_access', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('for_schools', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('for_trials', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('single_product_link', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('key_redemptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('access_key', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.createIndex('key_redemptions_key').on('key_redemptions').columns(['access_key', 'account_id']).execute();

  await db.schema
    .createTable('entitlements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer')
    .addColumn('product', 'jsonb', (c) => c.notNull())
    .addColumn('consent_status', 'text', (c) => c.notNull().defaultTo('notRequired'))
    .addColumn('preferred_product_version', 'text')
    .addColumn('redemption_date', 'timestamptz')
    .addColumn('expiration_date', 'timestamptz')
    .addColumn('migrated_to_product_title', 'text')
    .addColumn('account_type', 'text', (c) => c.notNull().defaultTo('personal'))
    .addColumn('access_key', 'text')
    .addColumn('temporary_access', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.createIndex('entitlements_account').on('entitlements').column('account_id').execute();

  await db.schema
    .createTable('cmp_products')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('access_key', 'text', (c) => c.notNull())
    .addColumn('cmp_product_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('remaining', 'integer', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('cmp_products_key').on('cmp_products').column('access_key').execute();
}
