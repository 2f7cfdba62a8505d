import { GALLERY_RUNTIME_MODULES } from '../../shared/schemas/gallery-runtime';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { RJSFSchema } from '@rjsf/utils';
import type Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import ajvErrors from 'ajv-errors';
import type { JsonSchema } from '../../shared/schemas/schema-types';

/** Options shared by the build-time compilation and any runtime-compiled comparison. */
export const validatorOptions = {
  AjvClass: Ajv2020 as unknown as typeof Ajv,
  // verbose only feeds RJSF titles into messages; the schemas carry no titles, so leave it out (smaller code).
  ajvOptionsOverrides: { $data: true, verbose: false },
  extenderFn: (ajv: Ajv) => ajvErrors(ajv) as Ajv,
};

/**
 * CommonJS source of RJSF's precompiled validator functions for one bundled form schema (ESM output
 * has failed on generated export names). It needs no Ajv compiler at run time.
 */
export function precompiledValidatorCode(schema: JsonSchema): string {
  return compileSchemaValidatorsCode(schema as RJSFSchema, validatorOptions);
}

/**
 * Ajv's standalone output exports each function as `exports["<key>"] = ` or, when the key (RJSF's
 * schema hash) happens to be an identifier, `exports.<key> = `: both become entries of `validators`.
 */
function exportsToValidators(body: string): string {
  return body.replace(/(^|[;\n])exports\[/g, '$1validators[').replace(/(^|[;\n])exports\.([A-Za-z_$][\w$]*)/g, '$1validators["$2"]');
}

/**
 * The same code as an ES module whose default export is the map of validator functions. Vite's dev
 * server serves CommonJS source files untouched (the browser then fails on `exports`), and Ajv's own
 * ESM output fails on export names that are not identifiers (RJSF issue 4436); a default-exported
 * object has neither problem. The transform is textual and checked: only the two forms Ajv's
 * standalone output uses are rewritten, anything else is an error.
 */
export function toEsModule(cjs: string): string {
  const imports: string[] = [];
  let body = cjs.replace(/^"use strict";\n?/, '').replace(/require\("([^"]+)"\)/g, (_m, specifier: string) => {
    const name = `runtime${imports.length}`;
    const file = JSON.stringify(specifier.endsWith('.js') ? specifier : `${specifier}.js`);
    // Node gives a CommonJS module's exports object as the default import; bundlers that honour
    // __esModule give its `default` property. Normalise both to the exports object the code expects.
    imports.push(
      `import * as ${name}Module from ${file};\nconst ${name}Default = ${name}Module.default;\n` +
        `const ${name} = typeof ${name}Default === 'function' ? { default: ${name}Default } : ${name}Default;`,
    );
    return name;
  });
  body = exportsToValidators(body);
  if (/\brequire\(|\bexports\b|\bmodule\.exports\b/.test(body)) throw new Error('Unexpected CommonJS construct in the precompiled validator code');
  return `${imports.join('\n')}\nconst validators = {};\n${body}\nexport default validators;\n`;
}

/**
 * The precompiled validators as a module with no imports, for the form gallery: the server compiles
 * the schema files as they are on disk, and the page loads the result with `import()` under a
 * script-src 'self' policy (no eval anywhere). The default export takes the few Ajv run-time helpers
 * the code needs (`GALLERY_RUNTIME_MODULES`, bundled into the gallery page) and returns the map of
 * validator functions.
 */
export function toGalleryModule(cjs: string, schema: JsonSchema): string {
  let body = cjs.replace(/^"use strict";\n?/, '').replace(/require\("([^"]+)"\)/g, (_m, specifier: string) => {
    if (!(GALLERY_RUNTIME_MODULES as readonly string[]).includes(specifier))
      throw new Error(`Unexpected run-time module ${specifier} in the gallery validator code`);
    return `runtime[${JSON.stringify(specifier)}]`;
  });
  body = exportsToValidators(body);
  if (/\brequire\(|\bexports\b|\bmodule\.exports\b/.test(body)) throw new Error('Unexpected CommonJS construct in the gallery validator code');
  return `export const schema = ${JSON.stringify(schema)};\nexport default function validatorsFor(runtime) {\nconst validators = {};\n${body}\nreturn validators;\n}\n`;
}

export { GALLERY_RUNTIME_MODULES };
