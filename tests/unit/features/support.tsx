import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { initTestI18n } from '../portal/i18n-for-tests';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { UiSchema } from '@rjsf/utils';
import { createQueryClient } from '../../../src/portal/app/query-client';
import { configureApi } from '../../../src/portal/clients/client';
import { PortalConfigContext, type PortalConfig, type PortalFlags } from '../../../src/portal/clients/config';
import { type Profile, profileKeys } from '../../../src/portal/clients/profile';
import { SessionContext } from '../../../src/portal/clients/session';
import { FormDefinitionsContext, type FormName } from '../../../src/portal/forms/definitions';
import { createRuntimeDefinitions } from '../support/runtime-definitions';
import { loadCountryNames } from '../../../src/portal/forms/widgets/country-names';
import { loadSchemaFormCore } from '../../../src/portal/forms/schema-form';

// The portal registers the Japanese country names before it shows a form in Japanese (SchemaForm
// waits for them); forms rendered here with definitions of their own get them up front.
await loadCountryNames('ja');
// The form engine is a chunk the portal loads when a form shows; here it is loaded up front.
await loadSchemaFormCore();
import { toast } from 'sonner';
import { PortalToaster } from '../../../src/portal/ui/toast/toast';

const schemaFiles = import.meta.glob<unknown>('../../../schemas/{forms,defs}/*.json', { eager: true, import: 'default' });
const uiModules = import.meta.glob<UiSchema>('../../../src/generated/ui/*.ts', { eager: true, import: 'default' });
const uiFiles = Object.fromEntries(Object.entries(uiModules).map(([path, ui]) => [/([^/]+)\.ts$/.exec(path)![1], ui])) as Partial<Record<FormName, UiSchema>>;

const definitions = createRuntimeDefinitions(schemaFiles, uiFiles);

/** The global i18next (toasts use it) with every locale file, as the app sets it up. */
export function initI18n(lang: 'en' | 'ja' = 'en') {
  const instance = initTestI18n(lang);
  void instance.changeLanguage(lang);
  return instance;
}

export interface Call {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

export type Responder = (call: Call) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

/** A fetch double for the API client: records each call and answers with `respond`. */
export function fakeApi(respond: Responder) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = respond(call) ?? { status: 404, body: { message: 'Not found', statusCode: 404 } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  }) as typeof fetch;
  configureApi({
    config: { services: { identity: '', entitlements: '', vendors: '' }, functionKey: 'test-key', functionKeyHeader: 'x-functions-key' },
    getToken: async () => 'test-token',
    fetchImpl,
  });
  return calls;
}

export const ACCOUNT_ID = 'account-1';

export function portalConfig(flags: Partial<PortalFlags> = {}): PortalConfig {
  return {
    authority: 'https://idp.test',
    clientId: 'portal',
    scopes: [],
    apiScopes: [],
    bearerToken: 'access',
    functionKeyHeader: 'x-functions-key',
    functionKey: 'test-key',
    services: { identity: '', entitlements: '', vendors: '' },
    flags: { certmetrics: true, learningSystems: true, odp: true, pearson: true, privo: true, ...flags },
    redirectWhitelist: [],
    links: {},
  };
}

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

interface RenderOptions {
  /** null: the account has no profile (what the profile query reads the service's 204 as). */
  profile: Profile | null;
  etag?: string;
  path: string;
  flags?: Partial<PortalFlags>;
  lang?: 'en' | 'ja';
  /** Other settings of /portal-config.json (partners, links, the sierra variant, the redirect whitelist...). */
  config?: Partial<PortalConfig>;
  /** The signed-in account (default ACCOUNT_ID). */
  accountId?: string;
  /** The account's e-mail address from the identity provider. */
  email?: string;
}

/** The page at `path` inside the providers the app gives it, with the profile already in the cache. */
export function pageHarness(page: ReactNode, { profile, etag = '"1"', path, flags, lang = 'en', config, accountId = ACCOUNT_ID, email }: RenderOptions) {
  // sonner keeps its toasts in module state: start each page with none.
  toast.dismiss();
  const i18n = initI18n(lang);
  // The app's own query client, so pages run with the defaults they run with in the browser.
  const queryClient = createQueryClient();
  queryClient.setQueryData(profileKeys.account(accountId), { profile, etag: profile ? etag : null });
  const ui = (
    <I18nextProvider i18n={i18n}>
      <PortalConfigContext.Provider value={{ ...portalConfig(flags), ...config }}>
        <SessionContext.Provider value={{ accountId, email }}>
          <QueryClientProvider client={queryClient}>
            <FormDefinitionsContext.Provider value={definitions}>
              <MemoryRouter initialEntries={[path]}>
                <Routes>
                  <Route path={path.split('?')[0]} element={page} />
                  <Route path="*" element={null} />
                </Routes>
                <Location />
              </MemoryRouter>
              <PortalToaster />
            </FormDefinitionsContext.Provider>
          </QueryClientProvider>
        </SessionContext.Provider>
      </PortalConfigContext.Provider>
    </I18nextProvider>
  );
  return { ui, queryClient, i18n };
}

/** A stored profile with one primary address and a primary phone, as the identity service answers it. */
export function storedProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'profile-1',
    ssoId: ACCOUNT_ID,
    email: 'learner@example.com',
    alternateEmail: '',
    company: 'Example Co',
    givenName: { firstName: 'Ada', middleName: '', lastName: 'Lovelace', suffix: '' },
    preferredName: { firstName: '', middleName: '', lastName: '', suffix: '' },
    preferences: { language: 'en' },
    externalIds: {},
    isMinor: false,
    isBlocked: false,
    addresses: [{ index: 0, isPrimary: true, address1: '1 Main St', city: 'Springfield', state: 'IL', country: 'USA', postalCode: '62701' }],
    phoneNumbers: [{ index: 0, isPrimary: true, countryCode: '1', phone: '2175550100', phonetype: 'Home' }],
    ...overrides,
  } as Profile;
}
