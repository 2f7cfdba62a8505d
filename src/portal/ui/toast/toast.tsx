/*
 * Toasts (docs/behaviour.md#errors): bottom centre, hidden after 7.5 s, with a Dismiss action.
 *
 * Use:
 *   notifySuccess('Toast.Success.ProfileEdited');   // a key of the portal namespace
 *   notifyError();                                  // the generic 'An unexpected error ocurred...'
 *   notifyError(error);                             // same text; the error is logged for support,
 *                                                   // or, for a passing fault (503, 502, 504 with
 *                                                   // or without Retry-After; no answer at all),
 *                                                   // 'temporarily unavailable' / 'could not be
 *                                                   // reached', each asking to try again
 *   dismissErrorToast();                            // the next attempt succeeded: the alarm goes
 * The generic toast is for what nobody expected: an answer a form understands (a 400 with field
 * errors, a known status) shows at its field instead. There is one generic toast at a time.
 * <PortalToaster /> is mounted once by the app.
 *
 * No toast is needed to paint a page, so the toast library is not part of the first load: it loads
 * when the browser is idle a little after start (the first page has had its turn at the network by
 * then), or at the first toast if that comes sooner. A toast asked for
 * before then is shown once the toaster is there (sonner replays active toasts to a new toaster).
 */
import i18next, { type ParseKeys } from 'i18next';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
// Sonner's stylesheet ships as a file with the portal's CSS; the library's own <style> injection is
// removed at build time (scripts/lib/vite-strict-csp.ts) so the page runs under style-src 'self'.
import 'sonner/dist/styles.css';
import { passingFault } from '../../clients/errors';
import { afterStartWhenIdle } from '../scheduling/after-start';

export const TOAST_DURATION_MS = 7500;

// A success toast's text is a key of the portal namespace or, written `profile:…`, of the profile's
// own; the key is type-checked where the toast is asked for (src/portal/app/i18next.d.ts).
const TOAST_NAMESPACES = ['portal', 'profile'] as const;
export type SuccessToastKey = ParseKeys<typeof TOAST_NAMESPACES>;

const loadSonner = () => import('sonner');
const Toaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

let toasterWanted = false;
const listeners = new Set<() => void>();
function wantToaster() {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const isWanted = () => toasterWanted;

const dismiss = () => ({
  label: i18next.t('Toast.Dismiss', { ns: 'portal' }),
  onClick: () => undefined,
});

export function notifySuccess(key: SuccessToastKey): void {
  wantToaster();
  void loadSonner().then(({ toast }) => toast.success(i18next.t(key, { ns: TOAST_NAMESPACES }), { action: dismiss() }));
}

// One id for the generic error toast: a second failure replaces it, and a success can take it away.
const ERROR_TOAST_ID = 'portal-error';
let errorShown = false;

/** An API error the service client has logged already (answers of 500 and above, no answer at all). */
const loggedByClient = (error: unknown) =>
  passingFault(error) !== undefined ||
  (typeof error === 'object' &&
    error !== null &&
    typeof (error as { statusCode?: unknown }).statusCode === 'number' &&
    (error as { statusCode: number }).statusCode >= 500);

const ERROR_KEYS = { unavailable: 'Toast.Error.Unavailable', network: 'Toast.Error.Network' } as const;

/** The message key of the error toast for this error: a passing fault's own, else the generic one. */
export function errorToastKey(error?: unknown): ParseKeys<'portal'> {
  const fault = passingFault(error);
  return fault ? ERROR_KEYS[fault] : 'Toast.Error.Default';
}

export function notifyError(error?: unknown): void {
  if (error !== undefined && !loggedByClient(error)) console.error('[toast]', error);
  errorShown = true;
  wantToaster();
  const key = errorToastKey(error);
  void loadSonner().then(({ toast }) =>
    toast.error(i18next.t(key, { ns: 'portal' }), {
      id: ERROR_TOAST_ID,
      action: dismiss(),
      onDismiss: () => (errorShown = false),
      onAutoClose: () => (errorShown = false),
    }),
  );
}

/** Takes the generic error toast away (the attempt after it succeeded); nothing when none shows. */
export function dismissErrorToast(): void {
  if (!errorShown) return;
  errorShown = false;
  void loadSonner().then(({ toast }) => toast.dismiss(ERROR_TOAST_ID));
}

/**
 * Where the toasts go: a child of <body> there from the app's first render. An open dialog hides
 * everything else from assistive technology (aria-hidden) but live regions; the host is marked as
 * one (aria-live="off": it announces nothing itself, sonner's region inside it does), so a toast
 * that comes while a dialog is open, even the first one, is announced and its Dismiss is reachable.
 */
function toastHost(): HTMLElement {
  const existing = document.getElementById('toast-host');
  if (existing) return existing;
  const host = document.createElement('div');
  host.id = 'toast-host';
  host.setAttribute('aria-live', 'off');
  document.body.append(host);
  return host;
}

export function PortalToaster() {
  const wanted = useSyncExternalStore(subscribe, isWanted, isWanted);
  const [host] = useState(toastHost);
  useEffect(() => (wanted ? undefined : afterStartWhenIdle(wantToaster)), [wanted]);
  if (!wanted) return null;
  return createPortal(
    <Suspense fallback={null}>
      <Toaster position="bottom-center" duration={TOAST_DURATION_MS} richColors closeButton={false} />
    </Suspense>,
    host,
  );
}
