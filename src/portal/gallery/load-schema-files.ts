import type { UiSchema } from '@rjsf/utils';
import type { FormName } from '../forms/definitions';
import { resolveUiIncludes, uiIncludes } from '../../shared/schemas/ui-include';
import { refTarget } from './resolve-ref';

// In development Vite serves the files under schemas/ by these URLs; the dead branch drops them from
// the build, where the server serves the same files at /schemas/.
const devUrls: Record<string, () => Promise<string>> = import.meta.env.DEV
  ? import.meta.glob<string>('../../../schemas/{forms,defs,ui}/**/*.json', { query: '?url', import: 'default' })
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

function refsOf(node: unknown, base: string, out: Set<string>) {
  if (Array.isArray(node)) for (const n of node) refsOf(n, base, out);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const doc = refTarget(value, base);
        if (doc !== base) out.add(doc);
      } else refsOf(value, base, out);
    }
  }
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
    const refs = new Set<string>();
    refsOf(schema, id, refs);
    for (const ref of refs) if (!(ref in files)) pending.push(ref);
  }
  // The ui file and every ui file it includes, resolved as the generator resolves them.
  const uiFiles = new Map<string, unknown>();
  const uiPending = [`ui/${form}.ui.json`];
  while (uiPending.length > 0) {
    const id = uiPending.pop()!;
    if (uiFiles.has(id)) continue;
    const file = await fetchJson(id).catch(() => ({}));
    uiFiles.set(id, file);
    uiPending.push(...uiIncludes(file));
  }
  const ui = resolveUiIncludes(uiFiles.get(`ui/${form}.ui.json`), (id) => uiFiles.get(id)) as UiSchema;
  return { files, ui };
}
