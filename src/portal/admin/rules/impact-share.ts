import type { RulesImpact } from '../api/rules-api';

/**
 * From this share of the stored profiles checked, a draft that newly turns them back at a field asks
 * the product owner to confirm before it is published: a rule that rejects most learners' saved data
 * is rarely meant (no value may pass it any more, in a way the services could not decide), and every
 * such learner meets the message at their next save.
 */
export const CONFIRM_SHARE = 0.2;

export interface FieldShare {
  form: string;
  /** The field's data path without the leading slash (`primaryAddress/city`). */
  path: string;
  /** Stored profiles the draft newly turns back at the field (the most under any one message). */
  count: number;
  checked: number;
  share: number;
}

/** Per form and field, how many of the stored profiles checked the draft would newly turn back, largest share first. */
export function fieldShares(impact: RulesImpact): FieldShare[] {
  const byField = new Map<string, FieldShare>();
  for (const form of impact.forms)
    for (const field of form.fields) {
      const path = field.path.replace(/^\//, '');
      const key = `${form.form}\u0000${path}`;
      const count = Math.max(field.count, byField.get(key)?.count ?? 0);
      byField.set(key, { form: form.form, path, count, checked: impact.checked, share: impact.checked > 0 ? count / impact.checked : 0 });
    }
  return [...byField.values()].sort((a, b) => b.share - a.share);
}

/** The shares at or above CONFIRM_SHARE: publishing asks for a confirmation that names them. */
export const sharesToConfirm = (impact: RulesImpact | null): FieldShare[] => (impact ? fieldShares(impact).filter((s) => s.share >= CONFIRM_SHARE) : []);
