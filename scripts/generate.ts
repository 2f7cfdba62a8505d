// npm run gen: everything src/generated/ holds, made from schemas/ (types, bundled schemas,
// precompiled validators). Runs before dev, build and test; rewrites only files whose content changed.
import { generateForms } from './lib/generate-forms';
import { generatedDir } from './lib/paths';

const started = performance.now();
const { written, forms } = await generateForms(generatedDir);
const ms = Math.round(performance.now() - started);
console.log(`gen: ${forms.length} forms, ${written.length} file(s) updated in ${generatedDir} (${ms} ms)`);
