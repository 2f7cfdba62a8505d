/*
 * The schema files as the admin area reads them: every file of schemas/{forms,defs,ui} by its id
 * (`forms/profile.schema.json`, `defs/address.schema.json`, `ui/profile.ui.json`), and places in them
 * named by file and JSON Pointer (RFC 6901), the way a change names them (docs/admin-area.md).
 */
import { escapePathComponent, unescapePathComponent } from 'fast-json-patch';
import type { FormName } from '../../forms/definitions';

export type JsonObject = Record<string, unknown>;

/** Every schema and ui file by its id. */
export type SchemaFiles = Readonly<Record<string, JsonObject>>;

/** A place in a file: the file's id and a JSON Pointer into it ('' is the whole file). */
export interface NodeAt {
  file: string;
  pointer: string;
}

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

export const formFile = (form: FormName) => `forms/${form}.schema.json`;
export const uiFile = (form: FormName) => `ui/${form}.ui.json`;

/** One string for a place, for maps and React keys. */
export const nodeKey = (at: NodeAt) => `${at.file}#${at.pointer}`;

export const sameNode = (a: NodeAt, b: NodeAt) => a.file === b.file && a.pointer === b.pointer;

/** `pointer` extended by the given property names, each escaped. */
export const childPointer = (pointer: string, ...tokens: (string | number)[]) =>
  `${pointer}${tokens.map((token) => `/${escapePathComponent(String(token))}`).join('')}`;

/** The value at a pointer of a document, or undefined when the path does not exist. */
export function valueAt(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let node: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const token = unescapePathComponent(raw);
    if (Array.isArray(node)) node = /^(0|[1-9][0-9]*)$/.test(token) ? node[Number(token)] : undefined;
    else if (isObject(node)) node = Object.hasOwn(node, token) ? node[token] : undefined;
    else return undefined;
  }
  return node;
}

/** The schema object at a place of the files, or undefined. */
export function nodeIn(files: SchemaFiles, at: NodeAt): JsonObject | undefined {
  const node = valueAt(files[at.file], at.pointer);
  return isObject(node) ? node : undefined;
}
