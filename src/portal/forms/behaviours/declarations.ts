import type { UiSchema } from '@rjsf/utils';

/** When the source changes (a checkbox: is unchecked), the targets are removed from the data. */
export interface ClearRule {
  source: string[];
  targets: string[][];
}

/** A field or group disabled while a formContext flag is truthy. */
export interface LockRule {
  target: string[];
  flag: string;
}

export interface FormBehaviours {
  clears: ClearRule[];
  locks: LockRule[];
  /** state path -> country path: the state widget lists that country's states. */
  stateSources: { state: string[]; country: string[] }[];
  /** fields key shown above the submit button while a submitted form has errors. */
  invalidNotice?: string;
  /** Keep the submit button disabled until a field is edited (redeem). */
  submitWhenEdited: boolean;
}

type UiNode = Record<string, unknown>;
const isObject = (v: unknown): v is UiNode => typeof v === 'object' && v !== null && !Array.isArray(v);
const toPath = (p: string) => p.split('/').filter(Boolean);

/** Reads the `x-behaviours` block of a ui file (schemas/README.md). */
export function readBehaviours(uiSchema: UiSchema | undefined): FormBehaviours {
  const block = isObject((uiSchema as UiNode | undefined)?.['x-behaviours']) ? ((uiSchema as UiNode)['x-behaviours'] as UiNode) : {};
  const clears = isObject(block.clears) ? block.clears : {};
  const locks = isObject(block.locks) ? block.locks : {};
  const stateSource = isObject(block.stateSource) ? block.stateSource : {};
  return {
    clears: Object.entries(clears).map(([source, targets]) => ({
      source: toPath(source),
      targets: (Array.isArray(targets) ? targets : []).filter((t): t is string => typeof t === 'string').map(toPath),
    })),
    locks: Object.entries(locks)
      .filter(([, v]) => isObject(v) && typeof v.when === 'string')
      .map(([target, v]) => ({ target: toPath(target), flag: (v as UiNode).when as string })),
    stateSources: Object.entries(stateSource)
      .filter(([, v]) => isObject(v) && typeof v.country === 'string')
      .map(([state, v]) => ({ state: toPath(state), country: toPath((v as UiNode).country as string) })),
    invalidNotice: typeof block.invalidNotice === 'string' ? block.invalidNotice : undefined,
    submitWhenEdited: block.submitWhenEdited === true,
  };
}

function nodeAt(root: UiNode, path: string[]): UiNode {
  let node = root;
  for (const key of path) {
    if (!isObject(node[key])) node[key] = {};
    node = node[key] as UiNode;
  }
  return node;
}

/**
 * The ui schema RJSF gets: without `x-behaviours` and `$id`, with `ui:disabled` on every node whose lock flag
 * is truthy in the feature's context, and with each state field told where its country is.
 */
export function resolveUiSchema(uiSchema: UiSchema | undefined, behaviours: FormBehaviours, context: Record<string, unknown>): UiSchema {
  const { 'x-behaviours': _block, $id: _id, ...rest } = (uiSchema ?? {}) as UiNode;
  const copy = structuredClone(rest);
  for (const lock of behaviours.locks) {
    if (context[lock.flag]) nodeAt(copy, lock.target)['ui:disabled'] = true;
  }
  for (const { state, country } of behaviours.stateSources) {
    const node = nodeAt(copy, state);
    node['ui:options'] = { ...(isObject(node['ui:options']) ? node['ui:options'] : {}), countryPath: country };
  }
  return copy as UiSchema;
}
