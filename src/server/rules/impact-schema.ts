import type { ErrorObject } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { toFieldErrors, type FieldError } from '../../shared/schemas/field-errors';
import { bundleSchema } from '../../shared/schemas/bundle';
import type { FormName } from '../../shared/schemas/form-names';
import type { JsonSchema } from '../../shared/schemas/schema-types';
import { servicesAjvOptions } from '../http/schema-registry';
import type { RuleFiles } from './rule-files';

// The impact check (impact.ts) asks one question of 100,000 stored profiles: does the draft reject a
// field its changes reach (an "affected" data path)? A change can only make errors appear at an
// affected path or under it, so the form is validated with its schema pruned to those paths: at an
// object on the way to one, only the properties leading there are kept (and `required` only for
// them); the `if` of every condition stays whole, since it reads the rest of the document; every
// other keyword stays, and at and under an affected path the schema is whole. The errors that come
// out at and under the affected paths are exactly the full form's there
// (tests/unit/rules/impact-schema.test.ts), at a fraction of the cost of walking every field.

type Schema = JsonSchema;
const isSchema = (value: unknown): value is Schema => !!value && typeof value === 'object' && !Array.isArray(value);

/** Whether `path` is an affected path or under one ('' affects the whole form). */
export const underAffected = (path: string, affected: readonly string[]): boolean => affected.some((a) => a === '' || path === a || path.startsWith(`${a}/`));
/** Whether `path` leads to an affected path (a strict ancestor of one). */
const leadsTo = (path: string, affected: readonly string[]): boolean => affected.some((a) => a !== '' && (path === '' ? true : a.startsWith(`${path}/`)));

const child = (path: string, name: string) => (path === '' ? `/${name}` : `${path}/${name}`);

/** A schema that checks nothing: `true`, `{}`, or messages with nothing to give them for. */
const trivial = (node: unknown): boolean => node === true || node === undefined || (isSchema(node) && Object.keys(node).every((key) => key === 'errorMessage'));

/**
 * A bundled form schema pruned to the affected data paths (JSON Pointers: `/primaryAddress/city`;
 * '' is the whole form). Local refs on the way are pruned copies under new $defs names.
 */
export function prunedSchema(bundled: Schema, affected: readonly string[]): Schema {
  if (affected.includes('')) return bundled;
  const defs = { ...((bundled.$defs as Schema | undefined) ?? {}) };
  const copies = new Map<string, string>(); // ref + path -> new def name

  const resolve = (ref: string): Schema | undefined => {
    if (!ref.startsWith('#')) return undefined;
    let node: unknown = bundled;
    for (const part of ref.slice(1).split('/').slice(1)) node = isSchema(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return isSchema(node) ? node : undefined;
  };

  const prune = (node: unknown, path: string): unknown => {
    if (!isSchema(node) || underAffected(path, affected)) return node;
    if (!leadsTo(path, affected)) return true;
    const out: Schema = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && isSchema(value)) {
        const kept = Object.entries(value).filter(([name]) => underAffected(child(path, name), affected) || leadsTo(child(path, name), affected));
        if (kept.length > 0) out.properties = Object.fromEntries(kept.map(([name, sub]) => [name, prune(sub, child(path, name))]));
      } else if (key === 'required' && Array.isArray(value)) {
        const kept = value.filter((name) => typeof name === 'string' && (underAffected(child(path, name), affected) || leadsTo(child(path, name), affected)));
        if (kept.length > 0) out.required = kept;
      } else if (key === 'allOf' && Array.isArray(value)) {
        const kept = value.map((member) => prune(member, path)).filter((member) => !trivial(member));
        if (kept.length > 0) out.allOf = kept;
      } else if ((key === 'then' || key === 'else') && isSchema(value)) {
        out[key] = prune(value, path);
      } else if (key === '$ref' && typeof value === 'string') {
        const target = resolve(value);
        if (!target) {
          out.$ref = value;
          continue;
        }
        // Errors through a $ref keep their own messages (ajv-errors), so the pruned target stays a $ref.
        const id = `${value}@${path}`;
        let name = copies.get(id);
        if (!name) {
          name = `impact${copies.size}`;
          copies.set(id, name);
          defs[name] = true;
          defs[name] = prune(target, path);
        }
        out.$ref = `#/$defs/${name}`;
      } else if (key !== '$defs') {
        out[key] = value;
      }
    }
    // A condition whose branches were both pruned away checks nothing at the affected paths.
    if ('if' in out && trivial(out.then) && trivial(out.else)) {
      delete out.if;
      delete out.then;
      delete out.else;
    }
    return out;
  };

  const root = prune(bundled, '') as Schema;
  return { ...root, $defs: defs };
}

/** Root keywords whose reading of the document readFields knows; any other and the whole document is read. */
const KNOWN_ROOT = new Set([
  '$schema',
  '$id',
  '$defs',
  'title',
  'description',
  '$comment',
  'type',
  'properties',
  'required',
  'allOf',
  'if',
  'then',
  'else',
  'errorMessage',
  'propertyNames',
  'additionalProperties',
  'default',
  'readOnly',
]);

/**
 * The top-level fields of the form data a pruned schema reads (the properties it keeps at the root,
 * those its conditions test, and the first segment of every `$data` pointer), or null when it may
 * read anything (then the whole document is needed). The impact check reads only these from each
 * stored profile.
 */
export function readFields(pruned: Schema): string[] | null {
  const names = new Set<string>();
  let whole = false;
  const atRoot = (node: unknown): void => {
    if (node === true || node === undefined) return;
    if (!isSchema(node)) {
      whole = true;
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (!KNOWN_ROOT.has(key)) whole = true;
      else if (key === 'properties' && isSchema(value)) Object.keys(value).forEach((name) => names.add(name));
      else if (key === 'required' && Array.isArray(value)) value.forEach((name) => typeof name === 'string' && names.add(name));
      else if (key === 'allOf' && Array.isArray(value)) value.forEach(atRoot);
      else if (key === 'if' || key === 'then' || key === 'else') atRoot(value);
    }
  };
  atRoot(pruned);
  const dataPointers = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(dataPointers);
    if (!isSchema(node)) return;
    if (typeof node.$data === 'string') {
      const first = node.$data.split('/')[1];
      if (node.$data.startsWith('/') && first) names.add(first.replace(/~1/g, '/').replace(/~0/g, '~'));
      else whole = true;
    }
    Object.values(node).forEach(dataPointers);
  };
  dataPointers(pruned);
  return whole ? null : [...names].sort();
}

/** A stock Ajv as the forms contract fixes it (ajv-formats, ajv-errors), with the services' options. */
function formsAjv(): Ajv2020 {
  const ajv = new Ajv2020(servicesAjvOptions());
  addFormats(ajv);
  ajvErrors(ajv);
  return ajv;
}

export interface ImpactValidator {
  (data: unknown): FieldError[] | null;
  /** The top-level form fields it reads (readFields), or null for the whole document. */
  reads: string[] | null;
}

/** A validator of one form of a version, answering the field errors at and under the affected paths (null when none). */
export function impactValidator(files: RuleFiles, form: FormName, affected: readonly string[]): ImpactValidator {
  const bundled = bundleSchema(
    `forms/${form}.schema.json`,
    [...files].map(([path, schema]) => ({ path, schema })),
  );
  const pruned = prunedSchema(bundled, affected);
  const validate = formsAjv().compile(pruned);
  const check = (data: unknown) => {
    if (validate(data)) return null;
    const errors = toFieldErrors((validate.errors ?? []) as ErrorObject[]).filter((e) => underAffected(e.path, affected));
    return errors.length > 0 ? errors : null;
  };
  return Object.assign(check, { reads: readFields(pruned) });
}
