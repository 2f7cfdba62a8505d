import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { IPublicClientApplication } from '@azure/msal-browser';
import { createQueryClient } from '../../../src/portal/app/query-client';
import { AuthContext } from '../../../src/portal/auth/auth-context';
import type { AdminRole } from '../../../src/portal/auth/roles';
import { createFormsI18n } from '../../../src/portal/forms/i18n/create-forms-i18n';
import type { FormName } from '../../../src/portal/forms/definitions';
import type { CompiledForm, CompiledForms } from '../../../src/portal/admin/api/compiled-forms';
import { applyChanges, type RuleChange } from '../../../src/portal/admin/rules/changes';
import type { SchemaFiles } from '../../../src/portal/admin/schema/files';
import { createRuntimeDefinitions } from '../support/runtime-definitions';
import { loadCountryNames } from '../../../src/portal/forms/widgets/country-names';
import { loadSchemaFormCore } from '../../../src/portal/forms/schema-form';

// The portal loads the form engine and Japanese country names when a form shows; here, up front.
await loadSchemaFormCore();
await loadCountryNames('ja');

const schemasDir = join(process.cwd(), 'schemas');

/** The schema and ui files as the services serve them at /schemas/, read from disk. */
export function filesFromDisk(): SchemaFiles {
  const files: Record<string, Record<string, unknown>> = {};
  for (const folder of ['forms', 'defs', 'ui']) {
    for (const entry of readdirSync(join(schemasDir, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
      const id = relative(schemasDir, join(entry.parentPath, entry.name));
      files[id] = JSON.parse(readFileSync(join(schemasDir, id), 'utf8')) as Record<string, unknown>;
    }
  }
  return files;
}

/**
 * Stands in for the services' compiled modules (GET /gallery/forms/<form>.js today; a draft's
 * compiled rules once the services compile drafts): the same files, compiled here with a stock Ajv.
 */
export function compileFrom(files: SchemaFiles) {
  const schemas = Object.fromEntries(Object.entries(files).filter(([id]) => !id.startsWith('ui/')));
  const definitions = createRuntimeDefinitions(schemas, {});
  return async (form: FormName): Promise<CompiledForm> => {
    const { schema, validator } = definitions(form);
    return { schema, validator };
  };
}

/** Published rules from `files`, and drafts compiled from `files` with their changes. */
export function testCompiledForms(files: SchemaFiles): CompiledForms {
  return {
    published: compileFrom(files),
    draft: (form: FormName, changes: readonly RuleChange[]) => compileFrom(applyChanges(files, changes))(form),
  };
}

/** An MSAL stand-in whose signed-in account's ID token carries these roles. */
export function authWith(roles: readonly string[] | undefined) {
  const account = { homeAccountId: 'h', idTokenClaims: roles === undefined ? {} : { roles } };
  return { msal: { getActiveAccount: () => account } as unknown as IPublicClientApplication, signOutTo: async () => undefined };
}

interface Options {
  path: string;
  /** The route pattern the element is mounted at (default: the path). */
  route?: string;
  /** The ID token's roles claim (null: the token carries none, as a learner's). */
  roles?: readonly AdminRole[] | null;
  lang?: 'en' | 'ja';
}

/** An admin element in the providers the portal gives it (i18next, queries, the signed-in account, a router). */
export function adminHarness(element: ReactNode, { path, route, roles = ['product-owner'], lang = 'en' }: Options) {
  const i18n = createFormsI18n(lang);
  const queryClient = createQueryClient();
  const ui = (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthContext.Provider value={authWith(roles ?? undefined)}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route ?? path.split('?')[0]} element={element} />
            </Routes>
          </MemoryRouter>
        </AuthContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return { ui, i18n, queryClient };
}
