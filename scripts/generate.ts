// npm run gen: everything src/generated/ holds, made from schemas/ (types, bundled schemas,
// precompiled validators) and the country names of each UI language. Runs before dev, build and test; rewrites only files whose content changed.
import { generateCountryNames } from './lib/generate-country-names';
import { generateForms } from './lib/generate-forms';
import { generatedDir } from './lib/paths';

const started = performance.now();
const { written: formFiles, forms } = await generateForms(generatedDir);
const written = [...formFiles, ...generateCountryNames(generatedDir)];
const ms = Math.round(performance.now() - started);
console.log(`gen: ${forms.length} forms, ${written.length} file(s) updated in ${generatedDir} (${ms} ms)`);
