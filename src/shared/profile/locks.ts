// Locks are declared once, in a form's ui file (`x-behaviours.locks`: `{ "<field>": { "when": "<flag>" } }`,
// see schemas/README.md). The browser disables a locked field; the services refuse a change to it.
// Both read the same declaration and the same flags, computed here from the stored profile.
import type { StoredProfile } from './view';

export type ProfileFlags = {
  /** The learner is an exam-delivery candidate: the legal name must match the ID at the test centre. */
  hasExamProviderId: boolean;
};

export function profileFlags(profile: Pick<StoredProfile, 'externalIds'> | undefined): ProfileFlags {
  return { hasExamProviderId: Boolean(profile?.externalIds?.pearsonVue) };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Top-level fields a ui file locks under these flags. */
export function lockedFields(uiSchema: unknown, flags: ProfileFlags): Set<string> {
  const behaviours = isObject(uiSchema) && isObject(uiSchema['x-behaviours']) ? uiSchema['x-behaviours'] : {};
  const locks = isObject(behaviours.locks) ? behaviours.locks : {};
  const locked = new Set<string>();
  for (const [path, rule] of Object.entries(locks)) {
    const flag = isObject(rule) ? rule.when : undefined;
    if (typeof flag === 'string' && (flags as unknown as Record<string, unknown>)[flag] === true) locked.add(path.split('/').filter(Boolean)[0] ?? path);
  }
  return locked;
}
