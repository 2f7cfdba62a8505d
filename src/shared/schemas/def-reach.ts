/*
 * Which forms each shared definition (a file under schemas/defs/) reaches, computed from the schema
 * files themselves: through `$ref`, from a form's schema on (refs resolved against each file's
 * `$id`), and through the form's ui file, which names the lists its widgets show (`enumFrom`, and
 * the state widget's list for `x-behaviours.stateSource`). A change to one definition changes every
 * form listed for it. The form gallery shows this table; the README carries it too, and a test
 * keeps the two equal.
 *
 * Use:
 *   formsReachingDefs({ 'forms/profile.schema.json': {...}, 'defs/address.schema.json': {...}, ... },
 *                     { profile: profileUi, ... })
 *   // -> { 'defs/address.schema.json': ['profile', 'exam', 'demographics', 'address'], ... }
 */
import { refFile } from './bundle';
import { FORM_NAMES, type FormName } from './form-names';

/** Every file a node refers to through $ref (other than its own). */
export function refsOf(node: unknown, base: string, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const n of node) refsOf(n, base, out);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const target = refFile(value, base);
        if (target !== base) out.add(target);
      } else refsOf(value, base, out);
    }
  }
  return out;
}

/** The definition files a ui file names: `enumFrom` lists, and the states list when a state widget has a source. */
function uiDefs(ui: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(ui)) for (const n of ui) uiDefs(n, out);
  else if (typeof ui === 'object' && ui !== null) {
    for (const [key, value] of Object.entries(ui)) {
      if (key === 'enumFrom' && typeof value === 'string') out.add(`defs/${value}.schema.json`);
      else if (key === 'stateSource' && typeof value === 'object' && value !== null && Object.keys(value).length > 0) out.add('defs/states.schema.json');
      else uiDefs(value, out);
    }
  }
  return out;
}

export const formSchemaFile = (form: FormName): string => `forms/${form}.schema.json`;

/** Each definition file under defs/ that any form reaches, with the forms it reaches, in FORM_NAMES order. */
export function formsReachingDefs(files: Record<string, unknown>, uiFiles: Partial<Record<FormName, unknown>>): Record<string, FormName[]> {
  const reach: Record<string, FormName[]> = {};
  for (const form of FORM_NAMES) {
    if (!(formSchemaFile(form) in files)) continue;
    const seen = new Set<string>();
    const pending = [formSchemaFile(form), ...uiDefs(uiFiles[form])];
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      if (id in files) pending.push(...refsOf(files[id], id));
    }
    for (const id of seen) if (id.startsWith('defs/')) (reach[id] ??= []).push(form);
  }
  return Object.fromEntries(Object.entries(reach).sort(([a], [b]) => a.localeCompare(b)));
}
