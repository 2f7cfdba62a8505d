/*
 * Toasts (spec section 8): bottom centre, hidden after 7.5 s, with a Dismiss action.
 *
 * Use:
 *   notifySuccess('Toast.Success.ProfileEdited');   // a key of the portal namespace
 *   notifyError();                                  // the generic 'An unexpected error ocurred...'
 *   notifyError(error);                             // same text; the error is logged for support
 * <PortalToaster /> is mounted once by the app.
 */
import i18next from 'i18next';
import { toast, Toaster } from 'sonner';
// Sonner's stylesheet ships as a file with the portal's CSS; the library's own <style> injection is
// removed at build time (scripts/lib/vite-strict-csp.ts) so the page runs under style-src 'self'.
import 'sonner/dist/styles.css';

export const TOAST_DURATION_MS = 7500;

export type SuccessToastKey =
  | 'Toast.Success.AddressUpdated'
  | 'Toast.Success.ProfileEdited'
  | 'Toast.Success.VerificationCodeSent'
  | 'Toast.Success.EmailEdited'
  | 'Toast.Success.PasswordEdited';

const dismiss = () => ({
  label: i18next.t('Toast.Dismiss', { ns: 'portal' }),
  onClick: () => undefined,
});

export function notifySuccess(key: SuccessToastKey | (string & {})): string | number {
  return toast.success(i18next.t(key, { ns: 'portal' }), { action: dismiss() });
}

export function notifyError(error?: unknown): string | number {
  if (error !== undefined) console.error('[toast]', error);
  return toast.error(i18next.t('Toast.Error.Default', { ns: 'portal' }), { action: dismiss() });
}

export function PortalToaster() {
  return <Toaster position="bottom-center" duration={TOAST_DURATION_MS} richColors closeButton={false} />;
}
