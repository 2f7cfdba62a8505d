// npm run db:seed: adds the demo data to the configured database (DATA_DIR or DATABASE_URL); idempotent.
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { seedDemoData } from '../src/server/seed/demo';

const config = loadConfig();
const database = await openDatabase(config);
try {
  const counts = await seedDemoData(database.db);
  console.info(`Seeded ${database.dialect} database:`, counts);
} finally {
  await database.close();
}
