import type { Kysely } from 'kysely';
import { createFormActivityService, type FormActivityService } from './activity/service';
import type { FormActivitySink } from './activity/sink';
import type { ServerConfig } from './config';
import type { DB } from './db/types';
import { createEntitlementsService, type EntitlementsService } from './entitlements/service';
import type { Caller } from './http/auth';
import type { SchemaRegistry } from './http/schema-registry';
import { createIdentityService, type IdentityService } from './identity/service';
import type { Mailer } from './mail/mailer';
import { createVendorsService, type VendorsService } from './vendors/service';

/** What the routes reach: the configuration and each service's use cases (never a store). */
export interface Services {
  config: ServerConfig;
  db: Kysely<DB>;
  schemas: SchemaRegistry;
  mailer: Mailer;
  identity: IdentityService;
  entitlements: EntitlementsService;
  vendors: VendorsService;
  formActivity: FormActivityService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    /** The authenticated account; set by the authenticated scope's hook (http/auth.ts). */
    caller: Caller;
  }
}

export function createServices({
  formActivitySink,
  ...deps
}: {
  config: ServerConfig;
  db: Kysely<DB>;
  schemas: SchemaRegistry;
  mailer: Mailer;
  /** Where form activity goes instead of the database. */
  formActivitySink?: FormActivitySink;
}): Services {
  const identity = createIdentityService(deps);
  return {
    ...deps,
    identity,
    entitlements: createEntitlementsService({ db: deps.db, identity, config: deps.config }),
    vendors: createVendorsService({ db: deps.db, identity, schemas: deps.schemas, config: deps.config }),
    formActivity: createFormActivityService({ db: deps.db, schemas: deps.schemas, config: deps.config, sink: formActivitySink }),
  };
}
