// Types of the schema files without the file reading, so browser code that bundles schemas
// (src/portal/forms/validation) can use them without Node's types.

export type JsonSchema = Record<string, unknown>;

export interface SchemaFile {
  /** Path relative to schemas/, e.g. "defs/address.schema.json". */
  path: string;
  schema: JsonSchema;
}
