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
import type { LiveLanguage } from './language';
import { previewWished } from './language-choice';

export async function languageAfterSignIn(options: {
  msal: Pick<PublicClientApplication, 'getActiveAccount'>;
  accountId: string;
  /** Whether this tab asked for a language (`?ui_locales=`). */
  asked: boolean;
  /** The language the page shows. */
  lang: string;
  storage: Pick<Storage, 'getItem'>;
  live: readonly LiveLanguage[];
}): Promise<void> {
  const account = options.msal.getActiveAccount();
  // A language asked for that is not live (a draft, or one taken down and shown in its fallback).
  const wish = previewWished(options.storage, options.live);
  // A live language this tab asked for, kept with the account when the account has another.
  const chosen = options.asked && wish === null ? options.lang : null;
  if (chosen) {
    const kept = (account?.idTokenClaims as { locale?: unknown } | undefined)?.locale;
    if (kept !== chosen) await keepChosenLanguage(options.accountId, chosen).catch(() => undefined);
  }
  if (wish && adminRolesOf(account).includes('localisation')) {
    const language = await previewLanguage(wish).catch(() => undefined);
    if (language) await startPreview(language, (ns) => previewNamespace(language.tag, ns));
  }
}
