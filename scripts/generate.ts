// npm run gen: everything src/generated/ holds, made from schemas/ (types, bundled schemas,
// precompiled validators), the country names of each UI language and the phone metadata per calling code. Runs before dev, build and test; rewrites only files whose content changed.
import { generateCountryNames } from './lib/generate-country-names';
import { generateForms } from './lib/generate-forms';
import { generatePhoneMetadata } from './lib/generate-phone-metadata';
import { generatedDir } from './lib/paths';

const started = performance.now();
const { written: formFiles, forms } = await generateForms(generatedDir);
const written = [...formFiles, ...generateCountryNames(generatedDir), ...generatePhoneMetadata(generatedDir)];
const ms = Math.round(performance.now() - started);
console.log(`gen: ${forms.length} forms, ${written.length} file(s) updated in ${generatedDir} (${ms} ms)`);
