/*
 * The schema files of every form, fetched as the services serve them (GET /schemas/<id>, read-only),
 * following each $ref to the files it names, with each form's ui file. Read at each load, so an
 * edited file shows without a build. These are the base rules; once the services publish versions,
 * the published version's files come from them (see the README of this folder).
 */
import { FORM_NAMES } from '../../forms/definitions';
import { formFile, isObject, type JsonObject, type SchemaFiles, uiFile } from '../schema/files';
import { uiIncludes } from '../../../shared/schemas/ui-include';
import { refTarget } from '../schema/resolve-ref';

// In development Vite serves the files under schemas/ by these URLs; the dead branch drops them from
// the build, where the services serve the same files at /schemas/.
const devUrls: Record<string, () => Promise<string>> = import.meta.env.DEV
  ? import.meta.glob<string>('../../../../schemas/{forms,defs,ui}/**/*.json', { query: '?url', import: 'default' })
  : {};

async function urlOf(id: string): Promise<string> {
  const dev = devUrls[`../../../../schemas/${id}`];
  return dev ? dev() : `/schemas/${id}`;
}

export type FetchJson = (id: string) => Promise<unknown>;

const fetchJson: FetchJson = async (id) => {
  const response = await fetch(await urlOf(id), { cache: 'no-store' });
  if (!response.ok) throw new Error(`${id}: HTTP ${response.status}`);
  return response.json();
};

function refsOf(node: unknown, base: string, out: Set<string>) {
  if (Array.isArray(node)) for (const n of node) refsOf(n, base, out);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const doc = refTarget(value, base);
        if (doc !== base) out.add(doc);
      } else refsOf(value, base, out);
    }
  }
}

/** Every form's schema file, the files they reference and every ui file, by id. */
export async function loadSchemaFiles(fetchFile: FetchJson = fetchJson): Promise<SchemaFiles> {
  const files: Record<string, JsonObject> = {};
  const loading = new Map<string, Promise<void>>();
  const load = (id: string): Promise<void> => {
    let pending = loading.get(id);
    if (!pending) {
      pending = fetchFile(id).then(async (json) => {
        if (!isObject(json)) throw new Error(`${id}: not a JSON object`);
        files[id] = json;
        const refs = new Set<string>();
        refsOf(json, id, refs);
        // A ui file's inclusions (x-include) are files to load too.
        for (const included of uiIncludes(json)) refs.add(included);
        await Promise.all([...refs].map(load));
      });
      loading.set(id, pending);
    }
    return pending;
  };
  await Promise.all(FORM_NAMES.flatMap((form) => [load(formFile(form)), load(uiFile(form)).catch(() => undefined)]));
  return files;
}
