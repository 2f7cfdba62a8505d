// npm run check:schemas (second part): every regular expression under schemas/ runs in linear time.
// Each pattern is run against long adversarial strings; one that takes longer than the budget on any
// of them fails the check with its file, pointer, input and time. `--report` prints every pattern's
// worst case instead.
import { findPatterns, slowInputs, worstCase } from '../src/server/rules/pattern-timing';
import { loadSchemaFiles } from './lib/schema-files';

// 50,000 characters: far past any field's maxLength. A linear pattern takes well under 5 ms on this
// machine; the quadratic one this check was written for took seconds. 250 ms leaves a wide margin
// for a loaded CI machine on both sides.
const LENGTH = 50_000;
const BUDGET_MS = 250;

const patterns = loadSchemaFiles(undefined, ['defs', 'forms', 'api']).flatMap((f) => findPatterns(f.path, f.schema));
if (process.argv.includes('--report')) {
  for (const p of patterns) {
    const worst = worstCase(p, LENGTH);
    console.log(`${worst.ms.toFixed(2).padStart(9)} ms  ${p.file}#${p.pointer}  (${worst.input})`);
  }
} else {
  const slow = patterns.flatMap((p) => slowInputs(p, LENGTH, BUDGET_MS));
  for (const s of slow) console.error(`slow pattern: ${s.file}#${s.pointer} took ${Math.round(s.ms)} ms on ${s.input} (${s.length} chars): ${s.pattern}`);
  console.log(`check:patterns: ${patterns.length} patterns, ${LENGTH} characters each, budget ${BUDGET_MS} ms: ${slow.length} slow`);
  if (slow.length > 0) process.exit(1);
}
