import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '../clients/client';
import { loadPortalConfig } from '../clients/config';
import { later } from '../clients/eventually';
import { initRulesVersion } from '../clients/rules-version';
import type { Session } from '../clients/session';
import type { AuthApi } from '../auth/auth-context';
import { sessionMarked } from '../auth/session-mark';
import { LOGOUT_DONE_PATH, takeAfterLogoutTarget } from '../auth/sign-out';
import { resolveReturnTo } from '../ui/links/return-to';
import { afterNextPaint, afterStartWhenIdle } from '../ui/scheduling/after-start';
import { App } from './app';
import { frameReady, preloadRoute } from './routes';
import { BootError } from './boot-error';
import { initI18n, loadAllNamespacesAfterStart } from './i18n';
import { KEPT_LANGUAGE, plainLanguage } from './language';
import type { PseudoMode } from './language-choice';
import { followTextsVersion, liveVersions, startLiveTexts } from './live-texts';

/**
 * Start-up: language and runtime config come before the first render; sign-in (MSAL, a chunk of its
 * own) settles beside it. A tab that has had a session (src/portal/auth/session-mark.ts) paints the
 * shell and the page's frame (heading and intro) as soon as the texts are there; what is personal,
 * and every call to the services, waits for the session MSAL validates. A tab without one paints
 * nothing but the index page's text-free outline until it is on its way to the identity provider.
 */
export async function boot(): Promise<void> {
  const container = document.getElementById('root')!;
  const root = createRoot(container);
  const { origin, pathname, search } = window.location;
  // A tab that has had a session paints the shell and the page's frame first and asks for MSAL's code
  // once that has painted: the paint has the network and the main thread to itself. Any other tab
  // asks for it at once, beside the configuration and the texts.
  const paintFirst = sessionMarked() && pathname !== '/logout' && pathname !== LOGOUT_DONE_PATH;
  let painted!: () => void;
  const firstPaint = new Promise<void>((resolve) => (painted = resolve));
  const sessionCode = paintFirst
    ? // A frame that never commits (a failure in the first render) must not hold sign-in back.
      Promise.race([firstPaint, new Promise((resolve) => window.setTimeout(resolve, PAINT_FIRST_WAIT_MS))]).then(() => import('../auth/session-start'))
    : import('../auth/session-start');
  try {
    const configLoad = loadPortalConfig();
    startLiveTexts(configLoad.then((config) => ({ hash: config.textsHash ?? null, changed: config.textsChanged ?? [] })));
    // The language from the live ones the configuration lists (in the page itself, usually, so at once);
    // a tab that asked for anything but a live language by its tag reads it with ./language-choice.ts.
    const langLoad = configLoad.then(async (config): Promise<{ lang: string; pseudo?: PseudoMode; signInTag?: string }> => {
      const plain = plainLanguage(search, sessionStorage, config.languages ?? []);
      if (plain !== null) return { lang: plain };
      const { chooseLanguage } = await import('./language-choice');
      return chooseLanguage(search, sessionStorage, config.languages ?? [], config.languagesNotLive ?? []);
    });
    // The page's code and text files as soon as the configuration is there; i18next takes the texts
    // once it has started; all while sign-in settles.
    void Promise.all([configLoad, langLoad])
      .then(([config, { lang }]) => preloadRoute(config, pathname, lang))
      .catch(() => undefined);
    const [config, { pseudo, signInTag }, i18n] = await Promise.all([
      configLoad,
      langLoad,
      Promise.all([configLoad, langLoad]).then(([loaded, { lang, pseudo }]) => initI18n(lang, { pseudo, live: loaded.languages ?? [] })),
    ]);
    const lang = i18n.language;
    // Without an early paint, the first render waits for the page's code and texts (fetched while
    // sign-in settles): it then shows the page itself rather than the shell with a skeleton that
    // React swaps out no sooner than 300 ms later (its throttle on revealing suspended content).
    const pageReady = preloadRoute(config, pathname);

    if (pathname === LOGOUT_DONE_PATH) {
      // Decided again on the way back: a stored target is never trusted as it is.
      window.location.replace(new URL(resolveReturnTo(takeAfterLogoutTarget(), config.redirectWhitelist, origin), origin).href);
      return;
    }
    if (pathname === '/logout') {
      // Signing out must not first ask the user to sign in.
      await (await sessionCode).signOutAtStart(config, origin, new URLSearchParams(window.location.search).get('redirectUrl') ?? '/');
      return;
    }

    const session = later<Session>();
    const auth = later<AuthApi>();
    const token = later<() => Promise<string>>();
    // The services are called once the session is there and the page has painted (a frame after the
    // first render at most): answers that arrived sooner would only hold that paint back.
    configureApi({
      config,
      getToken: () => Promise.all([token.promise, firstPaint]).then(([getToken]) => getToken()),
      onHeaders: (headers) => followTextsVersion(headers.get('x-texts-version')),
    });
    initRulesVersion(config);

    let rendered = false;
    const render = () => {
      if (rendered) return;
      rendered = true;
      container.removeAttribute('aria-busy');
      // The first render (the shell and the page) is React's biggest; as a transition it is done in
      // slices that leave the main thread free in between, not in one long task.
      startTransition(() => {
        root.render(
          <StrictMode>
            <App config={config} auth={auth.promise} session={session.promise} onFirstCommit={() => afterNextPaint(painted)} />
          </StrictMode>,
        );
      });
      loadAllNamespacesAfterStart();
      // And the versions check the shell makes on navigation and focus, and a refused save at once
      // (clients/live-versions.ts), following this page's texts.
      afterStartWhenIdle(() => void liveVersions().catch(() => undefined));
    };
    // A tab that has had a session: the shell and the page's frame paint while MSAL loads and settles.
    if (paintFirst) void frameReady(config, pathname).then(render);

    // The sign-in pages in the page's language (the right-to-left pseudo-locale as itself, so they mirror too).
    const started = await (await sessionCode).startSession(config, origin, () => signInTag ?? i18n.language);
    if (!started) return; // the browser is on its way to the identity provider
    // A language chosen in this tab is kept with the account; one asked for that is not live is
    // previewed by the localisation role (./language-after-sign-in.ts, loaded only then).
    const asked = new URLSearchParams(search).has('ui_locales');
    const kept = sessionStorage.getItem(KEPT_LANGUAGE);
    if (!pseudo && (asked || (kept !== null && kept !== lang)))
      void import('./language-after-sign-in')
        .then(({ languageAfterSignIn }) =>
          languageAfterSignIn({
            msal: started.auth.msal,
            accountId: started.session.accountId,
            asked,
            lang,
            storage: sessionStorage,
            live: config.languages ?? [],
          }),
        )
        .catch(() => undefined);
    token.resolve(started.getToken);
    auth.resolve(started.auth);
    session.resolve(started.session);
    if (!rendered) await pageReady;
    render();
  } catch (error) {
    console.error('[boot]', error);
    container.removeAttribute('aria-busy');
    root.render(<BootError />);
  }
}

/** How long sign-in waits at most for the first paint of a tab that has had a session. */
const PAINT_FIRST_WAIT_MS = 3000;
