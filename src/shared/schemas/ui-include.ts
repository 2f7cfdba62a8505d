// A ui file may take its entries from another: an object with `"x-include": "defs/address.ui.json"`
// (a path below schemas/ui/) holds the included file's entries, with its own laid over them (objects
// merged key by key, anything else replaced). So the presentation several forms share (the address
// block, the profile and exam forms' contact details) is written once, like the rules they share in
// schemas/defs. Every reader of ui files resolves them here: the generator for the portal, the
// services (locks), the schema check and the form gallery.

export const UI_INCLUDE = 'x-include';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `defs/address.ui.json` as the id of the file it names (`ui/defs/address.ui.json`). */
export const uiIncludeId = (path: string): string => `ui/${path}`;

/** The ids of the ui files `ui` includes, at any depth (not those they include in turn). */
export function uiIncludes(ui: unknown): string[] {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (isObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        if (key === UI_INCLUDE && typeof value === 'string') found.add(uiIncludeId(value));
        else visit(value);
      }
    }
  };
  visit(ui);
  return [...found];
}

function overlay(base: Json, own: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(own)) out[key] = isObject(value) && isObject(out[key]) ? overlay(out[key] as Json, value) : value;
  return out;
}

/**
 * `ui` with every inclusion resolved: `load(id)` gives a ui file by its id. An inclusion of a file
 * that includes itself, directly or not, is an error, as is one of a file that does not exist.
 */
export function resolveUiIncludes<T>(ui: T, load: (id: string) => unknown, seen: readonly string[] = []): T {
  const resolve = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(resolve);
    if (!isObject(node)) return node;
    const own: Json = {};
    for (const [key, value] of Object.entries(node)) if (key !== UI_INCLUDE) own[key] = resolve(value);
    const path = node[UI_INCLUDE];
    if (typeof path !== 'string') return own;
    const id = uiIncludeId(path);
    if (seen.includes(id)) throw new Error(`ui include cycle: ${[...seen, id].join(' -> ')}`);
    const included = load(id);
    if (!isObject(included)) throw new Error(`ui include ${path}: no such ui file`);
    const { $id: _id, $comment: _comment, ...entries } = resolveUiIncludes(included, load, [...seen, id]);
    return overlay(entries, own);
  };
  return resolve(ui) as T;
}
