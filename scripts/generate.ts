// npm run gen: everything src/generated/ holds, made from schemas/ (types, bundled schemas,
// precompiled validators), the country names of each UI language, the phone metadata per calling code
// and the types of the services' OpenAPI document (the portal's typed calls). Runs before dev, build and test; rewrites only files whose content changed.
import { generateCountryNames } from './lib/generate-country-names';
import { generateForms } from './lib/generate-forms';
import { generateOpenapiTypes } from './lib/generate-openapi';
import { generatePhoneMetadata } from './lib/generate-phone-metadata';
import { generatedDir } from './lib/paths';

const started = performance.now();
const { written: formFiles, forms } = await generateForms(generatedDir);
const written = [...formFiles, ...generateCountryNames(generatedDir), ...generatePhoneMetadata(generatedDir)];
// After the forms: the server the document comes from imports what they generate.
written.push(...(await generateOpenapiTypes(generatedDir)));
const ms = Math.round(performance.now() - started);
console.log(`gen: ${forms.length} forms, ${written.length} file(s) updated in ${generatedDir} (${ms} ms)`);
