import type { ProfileView } from '../../../shared/profile-view';

/**
 * RJSF hands an emptied text field back as undefined; a patch needs the emptied value itself, so
 * each top-level text field the learner cleared becomes '' again (a replace without a value is no
 * patch operation).
 */
export function withClearedFields(before: ProfileView, after: ProfileView): ProfileView {
  const out: ProfileView = { ...after };
  for (const [key, value] of Object.entries(before)) {
    if (typeof value === 'string' && out[key] === undefined) out[key] = '';
  }
  if (before.preferences && after.preferences) {
    const preferences = { ...after.preferences };
    for (const [key, value] of Object.entries(before.preferences)) {
      if (typeof value === 'string' && preferences[key] === undefined) preferences[key] = '';
    }
    out.preferences = preferences;
  }
  return out;
}
