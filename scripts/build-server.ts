// npm run build:server (part of npm run build): dist/server/main.js and dist/sandbox/main.js, run by
// `npm start` with plain node (see scripts/lib/build-server.ts).
import { buildServer } from './lib/build-server';

const { outputs, ms } = await buildServer();
console.log(`build:server: ${outputs.length} programs compiled (${ms} ms): ${outputs.join(', ')}`);
