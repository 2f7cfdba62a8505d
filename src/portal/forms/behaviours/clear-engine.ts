import { type GlobalFormOptions, toFieldPathId } from '@rjsf/utils';
import type { ClearRule } from './declarations';

export interface FieldSetter {
  setFieldValue(path: string[], value?: unknown): void;
}

function triggers(value: unknown): boolean {
  // A checkbox clears its dependants only when unchecked; any other field on every change.
  return value !== true;
}

/**
 * Applies the declared clears from inside the source field's change event, so the cleared values
 * commit in the same React update as the change itself.
 */
export function createClearEngine(rules: ClearRule[], options: GlobalFormOptions, form: () => FieldSetter | null) {
  const byId = new Map<string, ClearRule[]>();
  for (const rule of rules) {
    const id = toFieldPathId('', options, rule.source).$id;
    byId.set(id, [...(byId.get(id) ?? []), rule]);
  }
  return {
    /** Whether the field is the source of a declared clear. */
    isSource: (fieldId: string) => byId.has(fieldId),
    apply(fieldId: string, value: unknown) {
      const matching = byId.get(fieldId);
      if (!matching) return;
      const target = form();
      if (!target) return;
      for (const rule of matching) {
        if (!triggers(value)) continue;
        for (const path of rule.targets) target.setFieldValue(path, undefined);
      }
    },
  };
}
