import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The cluster tests start real processes (PostgreSQL, compiled instances, HAProxy): one file at a
// time, with room for slow starts on a busy machine. `npm run test:cluster`, part of `npm test`.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../../', import.meta.url)),
    globals: true,
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
