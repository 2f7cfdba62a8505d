import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeText } from '../../../ui/texts/runtime-text';
import { sha256Hex } from '../password-hash';
import type { FlowView } from './flow-view';

/**
 * The link-to-legacy-account login. The password never leaves the browser: its SHA-256 (hex) is sent
 * as `phash` with the login and the profile's email. AlreadyLinked, NotFound and LoginFailed show at
 * the login field; the service's rules for the request (schemas/api/link-certmaster-request.schema.json) answer
 * a bad login at the same place.
 */
export function LegacyLoginView({ state, send, busy }: FlowView) {
  const { t } = useTranslation(['redemption', 'validation']);
  const id = useId();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const errorId = `${id}-login-error`;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !login.trim() || !password) return;
    await send({ type: 'login', login: login.trim(), phash: await sha256Hex(password) });
  };
  return (
    <form className="schema-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <p>{t('Link.Text')}</p>
      <div className="form-field">
        <label className="form-label" htmlFor={`${id}-login`}>
          {t('Link.Login')}
        </label>
        <input
          id={`${id}-login`}
          className="form-input"
          name="login"
          autoComplete="username"
          value={login}
          maxLength={255}
          onChange={(e) => setLogin(e.target.value)}
          aria-invalid={state.loginError ? true : undefined}
          aria-describedby={state.loginError ? errorId : undefined}
        />
        {state.loginError ? (
          <div id={errorId} className="form-error" role="alert">
            <p>{runtimeText(t, state.loginError)}</p>
          </div>
        ) : null}
      </div>
      <div className="form-field">
        <label className="form-label" htmlFor={`${id}-password`}>
          {t('Link.Password')}
        </label>
        <input
          id={`${id}-password`}
          className="form-input"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={busy || !login.trim() || !password} aria-busy={busy || undefined}>
          {busy ? <span className="spinner" role="status" aria-label={t('Common.Working')} /> : null}
          {t('Link.Submit')}
        </button>
      </div>
    </form>
  );
}
