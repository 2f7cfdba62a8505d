import Ajv2020 from 'ajv/dist/2020';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import type { SchemaFile } from './schema-files';

/** The validator the forms contract describes: a stock Ajv 8 with every schema file added. */
export function createStockAjv(files: SchemaFile[]): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, $data: true, strict: false });
  addFormats(ajv);
  ajvErrors(ajv);
  for (const file of files) ajv.addSchema(file.schema);
  return ajv;
}
