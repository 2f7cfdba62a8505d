import { isObject, type JsonObject } from './files';

/** A condition a rule hangs on (an `if` of the schema), in terms of the form's fields. */
export interface Condition {
  /** The field's path from the form's root, `/`-separated. */
  field: string;
  /** Is (equals value), IsOneOf, IsFilled, Otherwise (the else branch of the named condition). */
  kind: 'Is' | 'IsOneOf' | 'IsFilled' | 'Otherwise';
  value?: string;
}

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The conditions an `if` schema at the data path `path` states. */
export function conditionsOf(ifSchema: JsonObject, path: string[]): Condition[] {
  const props = isObject(ifSchema.properties) ? ifSchema.properties : {};
  const out: Condition[] = [];
  for (const [key, sub] of Object.entries(props)) {
    if (!isObject(sub)) continue;
    const field = [...path, key].join('/');
    if ('const' in sub) out.push({ field, kind: 'Is', value: show(sub.const) });
    else if (Array.isArray(sub.enum)) out.push({ field, kind: 'IsOneOf', value: sub.enum.map(show).join(', ') });
    else if (isObject(sub.properties)) out.push(...conditionsOf(sub, [...path, key]));
    else out.push({ field, kind: 'IsFilled' });
  }
  return out;
}

/** The else branch of the same conditions. */
export const otherwise = (conditions: Condition[]): Condition[] => conditions.map((c) => ({ ...c, kind: 'Otherwise' }));
