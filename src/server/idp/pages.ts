import type { TFunction } from 'i18next';
import { html, trusted, type Html } from '../../shared/html';
import { directionOf, offeredLanguages, translator, type Language } from './i18n';

export type SignInField = 'email' | 'password';

export interface SignInView {
  lng: Language;
  action: string;
  /** Same page in another language: the path with ?lng=. */
  selfPath: string;
  portalUrl: string;
  email: string;
  fieldErrors: Partial<Record<SignInField, string>>;
  /** A problem not tied to one field (throttling, an expired page). */
  formError?: string;
  /** Why the learner is asked to sign in (again), e.g. after an e-mail change. */
  notice?: string;
  /** Shown to accounts that sign in through a social provider. */
  social?: { action: string; email: string };
}

function layout(lng: Language, title: string, body: Html, scripts: string[] = []): string {
  return html`<!doctype html>
<html lang="${lng}" dir="${directionOf(lng)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/signin.css">
${scripts.map((src) => html`<script src="${src}" defer></script>`)}
</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>`.value;
}

function languageNav(t: TFunction, current: Language, selfPath: string): Html {
  const links = offeredLanguages().map(({ tag: lng, name }) => {
    return lng === current
      ? html`<li><span aria-current="true" lang="${lng}">${name}</span></li>`
      : html`<li><a href="${selfPath}?lng=${lng}" lang="${lng}" hreflang="${lng}">${name}</a></li>`;
  });
  return html`<nav class="languages" aria-label="${t('page.languageLabel')}"><ul>${links}</ul></nav>`;
}

function field(
  name: SignInField,
  label: string,
  attrs: { type: string; autocomplete: string; value?: string },
  error: string | undefined,
  focus: boolean,
): Html {
  const errorId = `${name}-error`;
  return html`<div class="field${error ? ' field--invalid' : ''}">
<label for="${name}">${label}</label>
${error ? html`<p class="field-error" id="${errorId}">${error}</p>` : ''}
<input id="${name}" name="${name}" type="${attrs.type}" autocomplete="${attrs.autocomplete}" required${attrs.value !== undefined ? html` value="${attrs.value}"` : ''}${error ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''}${focus ? html` autofocus` : ''}>
</div>`;
}

export function signInPage(view: SignInView): string {
  const t = translator(view.lng);
  const invalid = (['email', 'password'] as const).filter((name) => view.fieldErrors[name]);
  const summaryItems = [
    ...invalid.map((name) => html`<li><a href="#${name}">${view.fieldErrors[name]}</a></li>`),
    view.formError ? html`<li>${view.formError}</li>` : '',
  ];
  const hasErrors = invalid.length > 0 || !!view.formError;
  // The first invalid field takes focus; with no field to fix, the summary does.
  const focusField = invalid[0] ?? (hasErrors ? undefined : view.email ? 'password' : 'email');
  const body = html`${languageNav(t, view.lng, view.selfPath)}
<h1>${t('page.heading')}</h1>
${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ''}
<p class="intro">${t('page.intro')}</p>
${
  hasErrors
    ? html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1"${focusField ? '' : html` autofocus`}>
<h2 id="error-summary-title">${t('errors.summaryTitle')}</h2>
<ul>${summaryItems}</ul>
</div>`
    : ''
}
<form method="post" action="${view.action}" novalidate>
<input type="hidden" name="lng" value="${view.lng}">
${field('email', t('form.email'), { type: 'email', autocomplete: 'username', value: view.email }, view.fieldErrors.email, focusField === 'email')}
${field('password', t('form.password'), { type: 'password', autocomplete: 'current-password' }, view.fieldErrors.password, focusField === 'password')}
<button type="submit" class="primary">${t('form.submit')}</button>
</form>
${
  view.social
    ? html`<form method="get" action="${view.social.action}" class="social">
<input type="hidden" name="lng" value="${view.lng}">
<input type="hidden" name="email" value="${view.social.email}">
<button type="submit" class="secondary">${t('social.continue')}</button>
<p class="hint">${t('social.note')}</p>
</form>`
    : ''
}
<p class="back"><a href="${view.portalUrl}">${t('page.backToPortal')}</a></p>`;
  return layout(view.lng, t('page.title'), body);
}

export interface SocialProviderView {
  lng: Language;
  action: string;
  selfPath: string;
  portalUrl: string;
  email: string;
  error?: string;
}

/** The demo social provider's own sign-in step: it checks its own credential, never the portal's. */
export function socialProviderPage(view: SocialProviderView): string {
  const t = translator(view.lng);
  const body = html`${languageNav(t, view.lng, view.selfPath)}
<h1>${t('social.heading')}</h1>
<p class="intro">${t('social.intro')}</p>
${view.error ? html`<div class="error-summary" role="alert" tabindex="-1"><p>${view.error}</p></div>` : ''}
<form method="post" action="${view.action}" novalidate>
<input type="hidden" name="lng" value="${view.lng}">
${field('email', t('form.email'), { type: 'email', autocomplete: 'username', value: view.email }, undefined, !view.email)}
${field('password', t('social.password'), { type: 'password', autocomplete: 'current-password' }, view.error, !!view.email)}
<button type="submit" class="primary">${t('social.submit')}</button>
</form>
<p class="back"><a href="${view.portalUrl}">${t('page.backToPortal')}</a></p>`;
  return layout(view.lng, t('social.heading'), body);
}

/** oidc-provider's form carries the xsrf token; the confirm button submits it. */
export function logoutPage(lng: Language, form: string, portalUrl: string, autoConfirm: boolean): string {
  const t = translator(lng);
  const body = html`<h1>${t('logout.heading')}</h1>
<p>${t('logout.question')}</p>
${trusted(form)}
<div class="actions">
<button type="submit" form="op.logoutForm" name="logout" value="yes" class="primary" id="logout-confirm"${autoConfirm ? html` data-auto-confirm` : ''} autofocus>${t('logout.confirm')}</button>
<button type="submit" form="op.logoutForm" class="secondary">${t('logout.cancel')}</button>
</div>
<p class="back"><a href="${portalUrl}">${t('page.backToPortal')}</a></p>`;
  return layout(lng, t('logout.title'), body, ['/assets/logout.js']);
}

export function logoutDonePage(lng: Language, portalUrl: string): string {
  const t = translator(lng);
  const body = html`<h1>${t('logout.doneHeading')}</h1>
<p role="status">${t('logout.doneMessage')}</p>
<p class="back"><a href="${portalUrl}">${t('page.backToPortal')}</a></p>`;
  return layout(lng, t('logout.title'), body);
}

export function errorPage(lng: Language, code: string | undefined, portalUrl: string, message?: string): string {
  const t = translator(lng);
  const body = html`<h1>${t('error.heading')}</h1>
<p role="alert">${message ?? t('error.message')}</p>
${code ? html`<p class="hint">${t('error.code', { code })}</p>` : ''}
<p class="back"><a href="${portalUrl}">${t('page.backToPortal')}</a></p>`;
  return layout(lng, t('error.title'), body);
}
