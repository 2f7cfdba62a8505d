// The exam-delivery candidate body (docs/behaviour.md#calls, POST /vendors/pearson/candidates) <-> the form view.
import type { ProfileView } from './view';

const ITEMS = ['primaryAddress', 'primaryPhoneNumber', 'secondaryPhoneNumber', 'mobilePhoneNumber'] as const;

/**
 * The exam form as sent for a candidate, as a form view: the primary phone may come as phoneNumber
 * and the mobile as mobilephoneNumber; item indexes and flags are dropped; the email is the
 * account's own, never the body's.
 */
export function candidateView(body: Record<string, unknown>, accountEmail: string): ProfileView {
  const { id: _id, email: _email, phoneNumber, mobilephoneNumber, ...rest } = body;
  const view: ProfileView = { ...rest, email: accountEmail };
  if (phoneNumber && !view.primaryPhoneNumber) view.primaryPhoneNumber = phoneNumber as ProfileView['primaryPhoneNumber'];
  if (mobilephoneNumber && !view.mobilePhoneNumber) view.mobilePhoneNumber = mobilephoneNumber as ProfileView['mobilePhoneNumber'];
  for (const key of ITEMS) {
    const item = view[key];
    if (item && typeof item === 'object') {
      const { index: _index, isPrimary: _primary, ...fields } = item as Record<string, unknown>;
      view[key] = fields;
    }
  }
  return view;
}
