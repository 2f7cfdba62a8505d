// npm run idp:rotate-keys: adds new signing keys and a new cookie key to the identity provider's key
// ring now, instead of waiting for IDP_KEY_ROTATION_DAYS. Run it with the services' own settings
// (DATABASE_URL for instances sharing PostgreSQL, else DATA_DIR). Every running instance publishes the
// new keys at its next look at the ring (IDP_KEY_REFRESH_MS) and signs with them after
// IDP_KEY_ACTIVATION_DELAY_MS; tokens and sessions made with the old keys stay good until
// IDP_KEY_RETAIN_DAYS after that. Nobody is signed out.
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { rotate } from '../src/server/idp/key-ring';
import { keyRingStore } from '../src/server/idp/signing-keys';

const config = loadConfig();
// The embedded database belongs to the running instance: its ring is a file in DATA_DIR and needs no database.
const database = config.databaseUrl ? await openDatabase(config) : undefined;
try {
  const now = new Date();
  const ring = await keyRingStore(config.dataDir, database?.db).update((current) => rotate(current, now, config.idpKeys));
  console.info(`Key ring (${config.databaseUrl ? 'PostgreSQL' : `${config.dataDir}/idp/key-ring.json`}):`);
  for (const { value, activeFrom } of ring.signing) console.info(`  ${String(value.alg).padEnd(6)} ${String(value.kid)}  signs from ${activeFrom}`);
  console.info(`  ${ring.cookies.length} cookie key(s), the newest in use from ${ring.cookies.at(-1)?.activeFrom ?? '-'}`);
} finally {
  await database?.close();
}
