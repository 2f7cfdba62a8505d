/*
 * The schema files as the admin area reads them: every file of schemas/{forms,defs,ui} by its id
 * (`forms/profile.schema.json`, `defs/address.schema.json`, `ui/profile.ui.json`), and places in them
 * named by file and JSON Pointer (RFC 6901), the way a change names them (docs/admin-area.md).
 */
import { escapePathComponent, unescapePathComponent } from 'fast-json-patch';
import { resolveUiIncludes, UI_INCLUDE, uiIncludeId } from '../../../shared/schemas/ui-include';
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

/** A form's ui file as the form shows it: with the ui files it includes laid in (src/shared/schemas/ui-include.ts). */
export const resolvedUi = (files: SchemaFiles, form: FormName): JsonObject => resolveUiIncludes(files[uiFile(form)] ?? {}, (id) => files[id]);

/**
 * Where a node of a form's ui file is written: in the form's own file, or in a file it takes in with
 * `x-include` (followed at each level where the own file lacks the next part). A change to it then
 * reaches every form that includes that file, as a change to a shared rule does.
 */
export function uiHome(files: SchemaFiles, form: FormName, pointer: string): NodeAt {
  let file = uiFile(form);
  let at = '';
  for (const raw of pointer === '' ? [] : pointer.slice(1).split('/')) {
    for (let hops = 0; hops < 10; hops += 1) {
      const node = valueAt(files[file], at);
      if (!isObject(node) || raw in node || typeof node[UI_INCLUDE] !== 'string') break;
      file = uiIncludeId(node[UI_INCLUDE]);
      at = '';
    }
    at = `${at}/${raw}`;
  }
  return { file, pointer: at };
}

/** One string for a place, for maps and React keys. */
export const nodeKey = (at: NodeAt) => `${at.file}#${at.pointer}`;

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
