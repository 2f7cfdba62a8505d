/*
 * "Show keys" on the real portal (docs/texts.md#show-keys), for the localisation role only. The mode's
 * code (the marking and the panel, ./show-keys-on.tsx) is a chunk loaded once it is on; for any other
 * account this renders nothing, marks nothing and loads nothing.
 */
import { lazy } from 'react';
import { useAdminRoles } from '../../auth/roles';
import { useShowKeys } from './show-keys-state';

const ShowKeysOn = lazy(() => import('./show-keys-on'));

export function ShowKeys() {
  return useShowKeys(useAdminRoles()) ? <ShowKeysOn /> : null;
}
