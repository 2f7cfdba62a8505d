import type { TestServer } from '../server/harness';
import { OWNER2_ID, OWNER_ID, TRANSLATOR_ID } from '../../../src/server/seed/demo-data';
import { profileIdOf } from '../../../src/server/seed/demo';

export const owner = { accountId: OWNER_ID, profileId: profileIdOf(OWNER_ID) };
export const owner2 = { accountId: OWNER2_ID, profileId: profileIdOf(OWNER2_ID) };
export const translator = { accountId: TRANSLATOR_ID, profileId: profileIdOf(TRANSLATOR_ID) };

export const CITY_MAX = { file: 'defs/address.schema.json', op: 'replace', path: '/properties/city/maxLength' } as const;

/** Headers of a caller whose token carries these admin roles (as the identity provider issues them). */
export async function roleHeaders(server: TestServer, accountId: string, roles: string[] = ['product-owner']): Promise<Record<string, string>> {
  return {
    authorization: `Bearer ${await server.token(accountId, roles.length > 0 ? { roles } : {})}`,
    [server.config.functionKeyHeader]: server.config.functionKey,
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** One call of the services as a caller; the answer's status, JSON body and headers. */
export async function call(server: TestServer, method: Method, url: string, headers: Record<string, string>, body?: unknown) {
  const res = await server.app.inject({
    method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  let json: unknown;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  // The answers' shapes are the schemas' (schemas/api/rules-*.schema.json); tests read them freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: json as Record<string, any>, headers: res.headers };
}

/** A city of `n` characters. */
export const cityOf = (n: number) => 'C'.repeat(n);

/** A profile patch setting the primary address's city (the learner's primary address is addresses/0). */
export const cityPatch = (city: string) => [{ op: 'replace', path: '/addresses/0/city', value: city }];
