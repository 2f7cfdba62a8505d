import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import type { ApiSchemas } from '../../generated/api-types';

// Route schemas name the files under schemas/api/ and the types generated from those same files
// (src/generated/api-types.ts): the type provider below reads the type off the reference, so a
// body or answer type is never written a second time beside its schema.

declare const schemaType: unique symbol;

/** A route-part schema that carries the TypeScript type of what it validates. */
export type TypedSchema<T> = Record<string, unknown> & { readonly [schemaType]?: T };

export interface SchemaTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TypedSchema<infer T> ? T : unknown;
  serializer: this['schema'] extends TypedSchema<infer T> ? T : unknown;
}

export type ApiSchemaName = keyof ApiSchemas;

/** `ref('redeem-request')`: `{ $ref: 'api/redeem-request.schema.json' }`, typed `ApiRedeemRequest`. */
export const ref = <N extends ApiSchemaName>(name: N): TypedSchema<ApiSchemas[N]> => ({ $ref: `api/${name}.schema.json` });

/** The longest path parameter the router takes (Fastify's maxParamLength) and the document states. */
export const MAX_PARAM_LENGTH = 256;

/** Path parameters that are all strings, e.g. `params('id')`. */
export const params = <K extends string>(...names: K[]): TypedSchema<Record<K, string>> => ({
  type: 'object',
  properties: Object.fromEntries(names.map((name) => [name, { type: 'string', minLength: 1, maxLength: MAX_PARAM_LENGTH }])),
  required: names,
});

/** Optional string query parameters, e.g. `query('language')`; nothing else is accepted. */
export const query = <K extends string>(...names: K[]): TypedSchema<Partial<Record<K, string>>> => ({
  type: 'object',
  properties: Object.fromEntries(names.map((name) => [name, { type: 'string', maxLength: 256 }])),
  additionalProperties: false,
});

/** The error answers a route can give, each `{ message, statusCode, errors? }`. */
export const errors = <S extends number>(...statuses: S[]): Record<S, TypedSchema<ApiSchemas['error']>> =>
  Object.fromEntries(statuses.map((status) => [status, ref('error')])) as Record<S, TypedSchema<ApiSchemas['error']>>;

/** The services' routes, typed from their schemas. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<SchemaTypeProvider>();
