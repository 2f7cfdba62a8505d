import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { DB } from '../db/types';
import type { Caller } from '../lib/auth';
import { forbidden } from '../lib/errors';
import type { SchemaRegistry } from '../lib/validation';
import type { Mailer } from '../mail/mailer';

export interface Services {
  config: ServerConfig;
  db: Kysely<DB>;
  schemas: SchemaRegistry;
  mailer: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    caller: Caller;
    /** The caller's profile id, looked up once per request when a route needs it. */
    callerProfileId?: string | null;
  }
}

async function callerProfileId(request: FastifyRequest, db: Kysely<DB>): Promise<string | null> {
  if (request.callerProfileId === undefined) {
    const row = await db.selectFrom('profiles').select('id').where('account_id', '=', request.caller.accountId).executeTakeFirst();
    request.callerProfileId = row?.id ?? null;
  }
  return request.callerProfileId;
}

/**
 * An account reaches only its own data: an id in a path or body must be the caller's account id
 * or the caller's profile id. Anything else is 403.
 */
export async function requireOwn(request: FastifyRequest, db: Kysely<DB>, ...ids: Array<string | undefined>): Promise<void> {
  for (const id of ids) {
    if (id === undefined) continue;
    if (id === request.caller.accountId) continue;
    if (id === (await callerProfileId(request, db))) continue;
    throw forbidden();
  }
}
