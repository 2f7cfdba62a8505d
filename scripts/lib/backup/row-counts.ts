/** Runs one SQL statement and returns its rows (pg's client, PGlite). */
export type Query = (sql: string) => Promise<Array<Record<string, unknown>>>;

const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Rows of every ordinary table outside PostgreSQL's own schemas, as `schema.table` -> count. */
export async function rowCounts(query: Query): Promise<Record<string, number>> {
  const tables = await query(
    "select table_schema, table_name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2",
  );
  const counts: Record<string, number> = {};
  for (const row of tables) {
    const schema = String(row.table_schema);
    const table = String(row.table_name);
    const [count] = await query(`select count(*)::int as n from ${quoted(schema)}.${quoted(table)}`);
    counts[`${schema}.${table}`] = Number(count?.n);
  }
  return counts;
}
