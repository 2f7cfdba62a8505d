import type { UiSchema } from '@rjsf/utils';
import type { FormName } from '../forms/definitions';
import { refsOf } from '../../shared/schemas/def-reach';

// In development Vite serves the files under schemas/ by these URLs; the dead branch drops them from
// the build, where the server serves the same files at /schemas/.
const devUrls: Record<string, () => Promise<string>> = import.meta.env.DEV
  ? import.meta.glob<string>('../../../schemas/{forms,defs,ui}/*.json', { query: '?url', import: 'default' })
  : {};

async function urlOf(id: string): Promise<string> {
  const dev = devUrls[`../../../schemas/${id}`];
  return dev ? dev() : `/schemas/${id}`;
}

async function fetchJson(id: string): Promise<unknown> {
  const response = await fetch(await urlOf(id), { cache: 'no-store' });
  if (!response.ok) throw new Error(`${id}: HTTP ${response.status}`);
  return response.json();
}

/**
 * Fetches a form's schema, every file it references (followed through $ref) and its ui file, at
 * page load, so an edited schema file shows on reload without a build.
 */
export async function loadFormFiles(form: FormName): Promise<{ files: Record<string, unknown>; ui: UiSchema }> {
  const files: Record<string, unknown> = {};
  const pending = [`forms/${form}.schema.json`];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (id in files) continue;
    const schema = await fetchJson(id);
    files[id] = schema;
    for (const ref of refsOf(schema, id)) if (!(ref in files)) pending.push(ref);
  }
  const ui = (await fetchJson(`ui/${form}.ui.json`).catch(() => ({}))) as UiSchema;
  return { files, ui };
}
