import { FORM_NAMES, type FormName } from '../../shared/schemas/form-names';
import type { JsonSchema } from '../../shared/schemas/schema-types';
import { resolveUiIncludes } from '../../shared/schemas/ui-include';
import { nodeKey, type Condition, type FormMap, type Occurrence } from './form-map';
import { pointerOf, pointerSegments, valueAt, type RuleFiles } from './rule-files';
import { storedBoundsOf, type StoredBounds } from './storage';
import { uiEditTarget, uiValue } from './ui-layers';

// What the console lists: every form, its fields, and each field's rules in a version, each with the
// place it lives (file and JSON Pointer, so a change names exactly that) and the forms that file
// reaches (a change there changes all of them), and the condition it applies under.

const RULE_KEYWORDS = ['minLength', 'maxLength', 'pattern', 'enum', 'minimum', 'maximum', 'errorMessage', 'const', 'type', 'format'];
/** Keywords the console may change (draft-checks.ts); the others are listed so the rule reads whole. */
const EDITABLE = new Set(['minLength', 'maxLength', 'pattern', 'enum', 'minimum', 'maximum', 'errorMessage', 'required']);

const isSchema = (value: unknown): value is JsonSchema => !!value && typeof value === 'object' && !Array.isArray(value);

export interface ListedCondition extends Condition {
  /** The condition as the schema writes it (`{ properties: { country: { const: 'USA' } } }`). */
  if: unknown;
}

export interface ListedRule {
  keyword: string;
  value: unknown;
  file: string;
  /** The keyword's JSON Pointer in the file (for `required`, the list; `index` is the field's place in it). */
  pointer: string;
  index?: number;
  editable: boolean;
  condition: ListedCondition | null;
  /** The forms the file reaches: a change here changes each of them. */
  reaches: FormName[];
}

export interface ListedNode {
  file: string;
  pointer: string;
  condition: ListedCondition | null;
  /** The forms this very node applies to. */
  forms: FormName[];
}

export interface ListedField {
  path: string;
  types: string[];
  /** What the stored counterparts allow (x-storage), or null when the field is stored nowhere. */
  stored: StoredBounds | null;
  /** The schema nodes that apply to the field; `nodes[0]` is where a new rule of the field goes. */
  nodes: ListedNode[];
  rules: ListedRule[];
  labelKey: string | null;
  helpKey: { file: string; pointer: string; value: string | null } | null;
}

export interface ListedForm {
  form: FormName;
  schemaFile: string;
  uiFile: string;
  /** The declared order of the fields: each `ui:order` in the ui file. */
  orders: Array<{ path: string; file: string; pointer: string; value: string[] }>;
  fields: ListedField[];
}

function conditionOf(map: FormMap, files: RuleFiles, condition: Condition | undefined): ListedCondition | null {
  if (!condition) return null;
  const holder = valueAt(files.get(condition.file), pointerSegments(condition.pointer) ?? []);
  return { ...condition, if: isSchema(holder) ? holder.if : undefined };
}

export function listForms(map: FormMap, files: RuleFiles): ListedForm[] {
  return FORM_NAMES.filter((form) => files.has(`forms/${form}.schema.json`)).map((form) => listForm(map, files, form));
}

function listForm(map: FormMap, files: RuleFiles, form: FormName): ListedForm {
  const uiFile = `ui/${form}.ui.json`;
  const resolvedUi = files.has(uiFile) ? resolveUiIncludes(files.get(uiFile), (id) => files.get(id)) : undefined;
  const occurrences = map.occurrences.filter((o) => o.form === form);
  const byPath = new Map<string, Occurrence[]>();
  for (const o of occurrences) {
    const list = byPath.get(o.dataPath);
    if (list) list.push(o);
    else byPath.set(o.dataPath, [o]);
  }
  const fields: ListedField[] = [];
  for (const path of map.dataPaths(form)) {
    const nodes = byPath.get(path) ?? [];
    const rules: ListedRule[] = [];
    const seen = new Set<string>();
    for (const o of nodes) {
      if (seen.has(nodeKey(o))) continue;
      seen.add(nodeKey(o));
      const segments = pointerSegments(o.pointer) ?? [];
      const node = valueAt(files.get(o.file), segments);
      if (!isSchema(node)) continue;
      for (const keyword of RULE_KEYWORDS) {
        if (!(keyword in node)) continue;
        rules.push({
          keyword,
          value: node[keyword],
          file: o.file,
          pointer: pointerOf([...segments, keyword]),
          editable: EDITABLE.has(keyword),
          condition: conditionOf(map, files, o.condition),
          reaches: map.formsReached(o.file),
        });
      }
    }
    // `required` lives on the parent: every parent node (and branch) whose list names this field.
    const name = path.split('/').at(-1) ?? '';
    const parentPath = path.split('/').slice(0, -1).join('/');
    const parentSeen = new Set<string>();
    for (const parent of byPath.get(parentPath) ?? []) {
      if (parentSeen.has(nodeKey(parent))) continue;
      parentSeen.add(nodeKey(parent));
      const segments = pointerSegments(parent.pointer) ?? [];
      const node = valueAt(files.get(parent.file), segments);
      if (!isSchema(node) || !Array.isArray(node.required)) continue;
      const index = node.required.indexOf(name);
      if (index < 0) continue;
      rules.push({
        keyword: 'required',
        value: true,
        file: parent.file,
        pointer: pointerOf([...segments, 'required']),
        index,
        editable: true,
        condition: conditionOf(map, files, parent.condition),
        reaches: map.formsReached(parent.file),
      });
    }
    const uiSegments = path.split('/');
    const label = uiValue(files, uiFile, uiSegments, ['ui:options', 'labelKey']);
    const help =
      isSchema(resolvedUi) && isSchema(valueAt(resolvedUi, uiSegments)) ? uiEditTarget(files, uiFile, uiSegments, ['ui:options', 'helpKey']) : undefined;
    const unique = new Map(nodes.map((o) => [nodeKey(o), o]));
    fields.push({
      path,
      types: map.typesAt(form, path),
      stored: storedBoundsOf(map.files, form, path) ?? null,
      nodes: [...unique.values()]
        .sort((a, b) => Number(!!a.condition) - Number(!!b.condition))
        .map((o) => ({ file: o.file, pointer: o.pointer, condition: conditionOf(map, files, o.condition), forms: [...new Set(map.at(o).map((x) => x.form))] })),
      rules,
      labelKey: typeof label?.value === 'string' ? label.value : null,
      helpKey: help ? { file: help.file, pointer: help.pointer, value: typeof help.value === 'string' ? help.value : null } : null,
    });
  }
  const orders: ListedForm['orders'] = [];
  const collect = (node: unknown, at: string[]) => {
    if (!isSchema(node)) return;
    if (Array.isArray(node['ui:order'])) {
      const source = uiEditTarget(files, uiFile, at, ['ui:order']);
      orders.push({ path: at.join('/'), file: source.file, pointer: source.pointer, value: node['ui:order'].map(String) });
    }
    for (const [key, value] of Object.entries(node)) if (!key.startsWith('ui:') && key !== 'x-behaviours' && !key.startsWith('$')) collect(value, [...at, key]);
  };
  collect(resolvedUi, []);
  return { form, schemaFile: `forms/${form}.schema.json`, uiFile, orders, fields };
}
