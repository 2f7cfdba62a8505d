// npm run check:schemas (second part): every regular expression under schemas/ is proven safe by the
// static analyser (recheck, src/server/rules/pattern-analysis.ts): no value makes a backtracking
// engine (the learner's browser) take more than linear time on it. The services run each pattern on
// RE2 besides (src/server/http/linear-regexp.ts); the few that RE2 cannot run (look-ahead) run on
// the platform's engine there too, which is why this check holds for every file the build ships.
// `--report` prints each pattern's verdict, the analyser's time and where the services run it.
import { linearPattern } from '../src/server/http/linear-regexp';
import { analyse, findPatterns } from '../src/server/rules/pattern-analysis';
import { outsideSubset } from '../src/server/rules/pattern-subset';
import { loadSchemaFiles } from './lib/schema-files';

/** A base pattern may take the analyser longer than a draft's (it runs once per build, not per request). */
const TIMEOUT_MS = 20_000;

const patterns = loadSchemaFiles(undefined, ['defs', 'forms', 'api']).flatMap((f) => findPatterns(f.path, f.schema));
const report = process.argv.includes('--report');
let failed = 0;
for (const p of patterns) {
  const verdict = analyse(p.pattern, TIMEOUT_MS);
  const engine = linearPattern(p.pattern) ? 'RE2' : 'platform';
  if (verdict.status !== 'safe') {
    failed++;
    const attack = verdict.attack
      ? `; attack: ${JSON.stringify(verdict.attack.prefix)} + ${JSON.stringify(verdict.attack.pump)} x n + ${JSON.stringify(verdict.attack.suffix)}`
      : '';
    console.error(`unsafe pattern: ${p.file}#${p.pointer}: ${verdict.status}${verdict.complexity ? ` (${verdict.complexity})` : ''}${attack}: ${p.pattern}`);
  }
  if (report) {
    const subset = outsideSubset(p.pattern)?.key.replace('Rules.Refusal.', '') ?? 'in the drafts subset';
    console.log(`${verdict.status.padEnd(10)} ${verdict.ms.toFixed(0).padStart(6)} ms  ${engine.padEnd(8)}  ${p.file}#${p.pointer}  (${subset})`);
  }
}
console.log(`check:patterns: ${patterns.length} patterns analysed by recheck: ${patterns.length - failed} safe, ${failed} not proven safe`);
if (failed > 0) process.exit(1);
