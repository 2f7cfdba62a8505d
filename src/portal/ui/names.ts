import type { Name } from '../../shared/profile/view';

interface Named {
  givenName?: Name;
  preferredName?: Name;
}

/** The greeting name: preferred first name when set, otherwise the legal first name. */
export function greetingNameOf(profile: Named | undefined): string {
  return profile?.preferredName?.firstName?.trim() || profile?.givenName?.firstName?.trim() || '';
}

/** The name shown in the profile menu: preferred parts first, each falling back to the legal one. */
export function displayNameOf(profile: Named | undefined): string {
  const firstName = profile?.preferredName?.firstName?.trim() || profile?.givenName?.firstName?.trim() || '';
  const lastName = profile?.preferredName?.lastName?.trim() || profile?.givenName?.lastName?.trim() || '';
  return [firstName, lastName].filter(Boolean).join(' ');
}

export { initials } from '../../shared/profile/view';
