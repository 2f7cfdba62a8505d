import { type Condition, conditionsOf, otherwise } from '../schema/conditions';

export type { Condition } from '../schema/conditions';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One rule of a field, as a gallery.json key under Rules plus its parameters. */
export interface Rule {
  key: string;
  params?: Record<string, string | number>;
  /** Conditions under which the rule applies (from if/then/else). */
  when?: Condition[];
}

export interface FieldRules {
  path: string;
  rules: Rule[];
}

const ENUM_LIST_LIMIT = 8;

function pointer(root: Node, ref: string): Node | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isNode(node) ? node[key] : undefined;
  }
  return isNode(node) ? node : undefined;
}

const dataRef = (v: unknown): string | undefined => (isNode(v) && typeof v.$data === 'string' ? v.$data : undefined);
const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The rules of every field of a bundled form schema, read from the schema itself (required,
 * lengths, named patterns, lists, formats, cross-field rules and the conditions they hang on), so
 * the gallery shows exactly what the schema files say.
 */
export function describeRules(root: Node): FieldRules[] {
  const byPath = new Map<string, Map<string, Rule>>();
  const add = (path: string[], rule: Rule) => {
    const id = path.join('/');
    const rules = byPath.get(id) ?? new Map<string, Rule>();
    rules.set(JSON.stringify(rule), rule);
    byPath.set(id, rules);
  };
  const seenRefs = new Set<string>();

  const gather = (node: unknown, path: string[], when: Condition[], patternName?: string) => {
    if (!isNode(node)) return;
    const withWhen = (rule: Rule): Rule => (when.length > 0 ? { ...rule, when } : rule);
    if (typeof node.$ref === 'string') {
      const guard = `${node.$ref}@${path.join('/')}@${JSON.stringify(when)}`;
      if (!seenRefs.has(guard)) {
        seenRefs.add(guard);
        const name = /\/\$defs\/([^/]+)$/.exec(node.$ref)?.[1];
        gather(pointer(root, node.$ref), path, when, name ?? patternName);
      }
    }
    if (typeof node.maxLength === 'number') add(path, withWhen({ key: 'MaxLength', params: { count: node.maxLength } }));
    if (typeof node.minLength === 'number' && node.minLength > 1) add(path, withWhen({ key: 'MinLength', params: { count: node.minLength } }));
    if (node.minLength === 1) add(path, withWhen({ key: 'NotEmpty' }));
    if (typeof node.pattern === 'string') {
      const message =
        typeof node.errorMessage === 'string'
          ? node.errorMessage
          : isNode(node.errorMessage) && typeof node.errorMessage._ === 'string'
            ? node.errorMessage._
            : '';
      add(path, withWhen({ key: 'Pattern', params: { name: patternName ?? '', message } }));
    }
    if (typeof node.format === 'string') add(path, withWhen({ key: `Format.${node.format}` }));
    if (Array.isArray(node.enum)) {
      add(
        path,
        withWhen(
          node.enum.length <= ENUM_LIST_LIMIT
            ? { key: 'OneOf', params: { values: node.enum.map(show).join(', ') } }
            : { key: 'OneOfCount', params: { count: node.enum.length } },
        ),
      );
    }
    if ('const' in node) {
      const ref = dataRef(node.const);
      add(path, withWhen(ref ? { key: 'MustEqual', params: { field: ref.replace(/^\//, '') } } : { key: 'MustBe', params: { value: show(node.const) } }));
    }
    if (isNode(node.not)) {
      const differ = dataRef(node.not.const);
      const equal = isNode(node.not.not) ? dataRef(node.not.not.const) : undefined;
      if (differ) add(path, withWhen({ key: 'MustDiffer', params: { field: differ.replace(/^\//, '') } }));
      if (equal) add(path, withWhen({ key: 'MustEqual', params: { field: equal.replace(/^\//, '') } }));
    }
    if (node.type === 'number' || node.type === 'integer') add(path, withWhen({ key: 'Number' }));
    if (node.readOnly === true) add(path, withWhen({ key: 'ReadOnly' }));
    if (Array.isArray(node.anyOf) && node.anyOf.every((b) => isNode(b) && typeof b.pattern === 'string')) {
      add(path, withWhen({ key: 'AnyOfPatterns', params: { count: node.anyOf.length } }));
    }
    if (Array.isArray(node.required)) for (const name of node.required) if (typeof name === 'string') add([...path, name], withWhen({ key: 'Required' }));
    if (isNode(node.properties)) for (const [key, sub] of Object.entries(node.properties)) gather(sub, [...path, key], when);
    if (Array.isArray(node.allOf)) for (const sub of node.allOf) gather(sub, path, when, patternName);
    if (isNode(node.if)) {
      const conditions = conditionsOf(node.if, path);
      gather(node.then, path, [...when, ...conditions]);
      gather(node.else, path, [...when, ...otherwise(conditions)]);
    }
  };
  gather(root, [], []);
  return [...byPath.entries()].filter(([path]) => path !== '').map(([path, rules]) => ({ path, rules: [...rules.values()] }));
}
