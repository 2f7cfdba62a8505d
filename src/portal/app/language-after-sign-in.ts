/*
 * What the UI language needs of the session (a chunk of its own, loaded only when there is
 * something to do): a language chosen in this tab (the language menu or `?ui_locales=`) is kept with
 * the account, so the e-mails speak it; and a language asked for that is not live is previewed when
 * the token carries the localisation role (docs/texts.md#preview-in-context). A learner's wish for a
 * language that is not live changes nothing: the services refuse its texts to anyone else anyway.
 */
import type { PublicClientApplication } from '@azure/msal-browser';
import { adminRolesOf } from '../auth/roles';
import { keepChosenLanguage, previewLanguage, previewNamespace } from '../clients/languages';
import { startPreview } from './i18n';

export async function languageAfterSignIn(options: {
  msal: Pick<PublicClientApplication, 'getActiveAccount'>;
  accountId: string;
  /** A live language this tab chose (to keep with the account when the account has another). */
  chosen: string | null;
  /** A language asked for that is not live. */
  wish: string | null;
}): Promise<void> {
  const account = options.msal.getActiveAccount();
  if (options.chosen) {
    const kept = (account?.idTokenClaims as { locale?: unknown } | undefined)?.locale;
    if (kept !== options.chosen) await keepChosenLanguage(options.accountId, options.chosen).catch(() => undefined);
  }
  if (options.wish && adminRolesOf(account).includes('localisation')) {
    const language = await previewLanguage(options.wish).catch(() => undefined);
    if (language) await startPreview(language, (ns) => previewNamespace(language.tag, ns));
  }
}
