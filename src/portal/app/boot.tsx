import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '../clients/client';
import { loadPortalConfig } from '../clients/config';
import { initRulesVersion } from '../clients/rules-version';
import { accountIdFrom } from '../auth/account-id';
import { createMsal } from '../auth/msal';
import { ensureSignedIn } from '../auth/sign-in';
import { LOGOUT_DONE_PATH, signOut, takeAfterLogoutTarget } from '../auth/sign-out';
import { createTokenSource } from '../auth/tokens';
import { resolveReturnTo } from '../ui/links/return-to';
import { afterNextPaint } from '../ui/scheduling/after-start';
import { App } from './app';
import { preloadRoute } from './routes';
import { BootError } from './boot-error';
import { initI18n, loadAllNamespacesAfterStart } from './i18n';
import { detectLanguage, pseudoLocaleChosen } from './language';
import { followTextsVersion, startLiveTexts } from './live-texts';

const emailOf = (claims: object | undefined): string | undefined => {
  const email = (claims as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
};

/**
 * Start-up: language, runtime config and sign-in come before the first render, so every screen can
 * rely on a signed-in session and translated texts.
 */
export async function boot(): Promise<void> {
  const container = document.getElementById('root')!;
  const root = createRoot(container);
  const lang = detectLanguage(window.location.search, sessionStorage);
  const origin = window.location.origin;
  try {
    const configLoad = loadPortalConfig();
    startLiveTexts(configLoad.then((config) => config.textsHash ?? null));
    // The page's code and text files as soon as the configuration is there (in the page itself,
    // usually); i18next takes the texts once it has started; all while sign-in settles.
    void configLoad.then((config) => preloadRoute(config, window.location.pathname, lang)).catch(() => undefined);
    const [config, i18n] = await Promise.all([configLoad, initI18n(lang, { pseudo: pseudoLocaleChosen(sessionStorage) })]);
    const pageReady = preloadRoute(config, window.location.pathname);

    if (window.location.pathname === LOGOUT_DONE_PATH) {
      // Decided again on the way back: a stored target is never trusted as it is.
      window.location.replace(new URL(resolveReturnTo(takeAfterLogoutTarget(), config.redirectWhitelist, origin), origin).href);
      return;
    }

    const msal = createMsal(config, origin);
    const signOutTo = (target: string) => signOut(msal, config, new URL(resolveReturnTo(target, config.redirectWhitelist, origin), origin).toString(), origin);

    if (window.location.pathname === '/logout') {
      // Signing out must not first ask the user to sign in.
      await msal.initialize();
      await msal.handleRedirectPromise().catch(() => null);
      await signOutTo(new URLSearchParams(window.location.search).get('redirectUrl') ?? '/');
      return;
    }

    const account = await ensureSignedIn(msal, config, lang);
    if (!account) return; // the browser is on its way to the identity provider

    const getToken = createTokenSource(msal, config, () => i18n.language);
    // The services are called once the page has painted (a frame after the first render at most):
    // answers that arrived sooner would only hold that paint back.
    let painted!: () => void;
    const firstPaint = new Promise<void>((resolve) => (painted = resolve));
    configureApi({ config, getToken: () => firstPaint.then(getToken), onHeaders: (headers) => followTextsVersion(headers.get('x-texts-version')) });
    initRulesVersion(config);
    const accountId = accountIdFrom(account, await getToken());
    if (!accountId) throw new Error('The token carries no account id');

    // The page's code and texts were fetched while sign-in settled; waiting for the rest here lets the
    // first render show the page itself rather than the shell with a skeleton that React then swaps
    // out no sooner than 300 ms later (its throttle on revealing suspended content).
    await pageReady;
    container.removeAttribute('aria-busy');
    // The first render (the shell and the page) is React's biggest; as a transition it is done in
    // slices that leave the main thread free in between, not in one long task.
    startTransition(() => {
      root.render(
        <StrictMode>
          <App
            config={config}
            auth={{ msal, signOutTo }}
            session={{ accountId, name: account.name, username: account.username, email: emailOf(account.idTokenClaims) ?? account.username }}
            onFirstCommit={() => afterNextPaint(painted)}
          />
        </StrictMode>,
      );
    });
    loadAllNamespacesAfterStart();
  } catch (error) {
    console.error('[boot]', error);
    container.removeAttribute('aria-busy');
    root.render(<BootError />);
  }
}
