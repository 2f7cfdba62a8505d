/*
 * The texts console's languages (docs/texts.md#languages): every language with its state, its
 * fallback and how complete it is per area (portal pages, validation messages, sign-in pages,
 * e-mails) with the count of keys falling back; add a language by its tag, set its fallback,
 * approve, publish, take down, and open the real portal in it (a preview only the localisation role
 * gets). The services decide every refusal; it shows at the control it concerns.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../clients/errors';
import {
  addLanguage,
  approveLanguage,
  publishLanguage,
  refusalsOf,
  setLanguageFallback,
  takeDownLanguage,
  textLanguagesQuery,
  textsKeys,
  type TextLanguage,
  type TextRefusal,
} from './texts-api';
import { useLanguageName } from './language-name';
import { runtimeText } from '../../ui/texts/runtime-text';

export function TextsLanguages() {
  const { t } = useTranslation(['texts', 'admin']);
  const id = useId();
  const queryClient = useQueryClient();
  const languages = useQuery(textLanguagesQuery());
  const [tag, setTag] = useState('');
  const [refusals, setRefusals] = useState<TextRefusal[]>([]);
  const add = useMutation({
    mutationFn: () => addLanguage(tag.trim()),
    onSuccess: async () => {
      setTag('');
      setRefusals([]);
      await queryClient.invalidateQueries({ queryKey: textsKeys.all });
    },
    onError: (error) => setRefusals(refusalsOf(error)),
  });
  const list = languages.data?.languages ?? [];
  return (
    <section aria-labelledby={`${id}-heading`} className="texts-languages" data-testid="texts-languages">
      <h2 id={`${id}-heading`}>{t('texts:Texts.Console.Languages.Heading')}</h2>
      <p>{t('texts:Texts.Console.Languages.Intro')}</p>
      {languages.isError ? (
        <p className="admin-error" role="alert">
          {t('texts:Texts.Console.Failed')}
        </p>
      ) : null}
      <form
        className="texts-search"
        onSubmit={(event) => {
          event.preventDefault();
          if (tag.trim() !== '' && !add.isPending) add.mutate();
        }}
      >
        <div className="admin-control">
          <label htmlFor={`${id}-tag`}>{t('texts:Texts.Console.Languages.Add.Label')}</label>
          <input
            id={`${id}-tag`}
            type="text"
            value={tag}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={refusals.length > 0}
            aria-describedby={`${id}-tag-hint${refusals.length > 0 ? ` ${id}-tag-error` : ''}`}
            onChange={(event) => setTag(event.target.value)}
          />
          <p id={`${id}-tag-hint`} className="admin-hint">
            {t('texts:Texts.Console.Languages.Add.Hint')}
          </p>
          {refusals.length > 0 ? (
            <div id={`${id}-tag-error`} className="admin-error" role="alert">
              {refusals.map((refusal) => (
                <p key={refusal.key}>{runtimeText(t, `texts:${refusal.key}`, { ...refusal.params })}</p>
              ))}
            </div>
          ) : null}
        </div>
        <button type="submit" className="button button--secondary" aria-disabled={tag.trim() === '' || add.isPending}>
          {t('texts:Texts.Console.Languages.Add.Submit')}
        </button>
      </form>
      {add.isError && refusals.length === 0 ? (
        <p className="admin-error" role="alert">
          {t('texts:Texts.Console.Failed')}
        </p>
      ) : null}
      <ul className="texts-list">
        {list.map((language) => (
          <LanguageItem key={language.tag} language={language} languages={list} />
        ))}
      </ul>
    </section>
  );
}

type Action = 'fallback' | 'approve' | 'publish' | 'take-down';

function LanguageItem({ language, languages }: { language: TextLanguage; languages: readonly TextLanguage[] }) {
  const { t } = useTranslation(['texts', 'admin']);
  const nameOf = useLanguageName();
  const id = useId();
  const queryClient = useQueryClient();
  const [fallback, setFallback] = useState(language.fallback ?? '');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<Action | null>(null);
  const act = useMutation({
    mutationFn: (action: Action) => {
      if (action === 'fallback') return setLanguageFallback(language.tag, fallback || null);
      if (action === 'approve') return approveLanguage(language.tag);
      if (action === 'publish') return publishLanguage(language.tag);
      return takeDownLanguage(language.tag, reason.trim());
    },
    onSuccess: async (_answer, action) => {
      setProblem(null);
      setDone(action);
      setReason('');
      await queryClient.invalidateQueries({ queryKey: textsKeys.all });
    },
    onError: (error) => {
      setDone(null);
      const [refusal] = refusalsOf(error);
      setProblem(
        refusal
          ? runtimeText(t, `texts:${refusal.key}`, { ...refusal.params })
          : isApiError(error)
            ? t('texts:Texts.Console.Drafts.Refused', { status: error.statusCode, message: error.message })
            : t('texts:Texts.Console.Failed'),
      );
    },
  });
  const live = language.state === 'live';
  const approval = language.approval as { by?: { email?: string | null } | null; current?: boolean } | null;
  const fallbackName = language.fallback ? nameOf(language.fallback) : '';
  const areaName = {
    portal: t('texts:Texts.Console.Languages.Area.portal'),
    validation: t('texts:Texts.Console.Languages.Area.validation'),
    signin: t('texts:Texts.Console.Languages.Area.signin'),
    mail: t('texts:Texts.Console.Languages.Area.mail'),
  };
  return (
    <li className="texts-item" data-testid="texts-language-item" data-tag={language.tag}>
      <h3>
        <span lang={language.tag} dir={language.direction}>
          {language.name}
        </span>{' '}
        <code translate="no">{language.tag}</code>{' '}
        <span className={live ? 'texts-badge' : 'texts-badge texts-badge--warn'} data-testid="texts-language-state">
          {live ? t('texts:Texts.Console.Languages.State.live') : t('texts:Texts.Console.Languages.State.draft')}
        </span>
        {language.builtIn ? <span className="texts-badge">{t('texts:Texts.Console.Languages.BuiltIn')}</span> : null}
        {language.direction === 'rtl' ? <span className="texts-badge">{t('texts:Texts.Console.Languages.RightToLeft')}</span> : null}
      </h3>
      {language.tag === 'en' ? null : (
        <>
          <ul className="texts-completeness" aria-label={t('texts:Texts.Console.Languages.Completeness')}>
            {language.completeness.map((area) => (
              <li key={area.area}>
                {t('texts:Texts.Console.Languages.AreaCount', { area: areaName[area.area], translated: area.translated, keys: area.keys })}{' '}
                <progress max={area.keys} value={area.translated} aria-hidden="true" />
              </li>
            ))}
          </ul>
          <p data-testid="texts-language-falling-back">
            {language.fallingBack === 0
              ? t('texts:Texts.Console.Languages.Complete')
              : language.fallback
                ? t('texts:Texts.Console.Languages.FallingBack', { count: language.fallingBack, fallback: fallbackName })
                : t('texts:Texts.Console.Languages.Missing', { count: language.fallingBack })}
          </p>
        </>
      )}
      {language.builtIn ? null : (
        <div className="texts-search">
          <div className="admin-control">
            <label htmlFor={`${id}-fallback`}>{t('texts:Texts.Console.Languages.Fallback.Label')}</label>
            <select id={`${id}-fallback`} value={fallback} onChange={(event) => setFallback(event.target.value)}>
              <option value="">{t('texts:Texts.Console.Languages.Fallback.None')}</option>
              {languages
                .filter((other) => other.tag !== language.tag)
                .map((other) => (
                  <option key={other.tag} value={other.tag}>
                    {nameOf(other.tag)}
                  </option>
                ))}
            </select>
          </div>
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={act.isPending || fallback === (language.fallback ?? '')}
            onClick={() => {
              if (!act.isPending && fallback !== (language.fallback ?? '')) act.mutate('fallback');
            }}
          >
            {t('texts:Texts.Console.Languages.Fallback.Save')}
          </button>
        </div>
      )}
      {!live && language.approvalRequired ? (
        <p className="admin-hint">
          {approval?.current ? t('texts:Texts.Console.Drafts.Approved', { by: approval.by?.email ?? '' }) : t('texts:Texts.Console.Drafts.NeedsApproval')}
        </p>
      ) : null}
      <div className="texts-actions">
        {language.builtIn ? null : (
          <a className="button button--secondary" href={`/home?ui_locales=${encodeURIComponent(language.tag)}`} data-testid="texts-language-preview">
            {t('texts:Texts.Console.Languages.Preview')}
          </a>
        )}
        {!live && language.approvalRequired ? (
          <button type="button" className="button button--secondary" aria-disabled={act.isPending} onClick={() => act.isPending || act.mutate('approve')}>
            {t('texts:Texts.Console.Drafts.Approve')}
          </button>
        ) : null}
        {!live ? (
          <button type="button" className="button button--primary" aria-disabled={act.isPending} onClick={() => act.isPending || act.mutate('publish')}>
            {t('texts:Texts.Console.Languages.Publish')}
          </button>
        ) : null}
      </div>
      {live && !language.builtIn ? (
        <div className="texts-search">
          <div className="admin-control">
            <label htmlFor={`${id}-reason`}>{t('texts:Texts.Console.Pending.Reason')}</label>
            <input id={`${id}-reason`} type="text" value={reason} onChange={(event) => setReason(event.target.value)} />
          </div>
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={act.isPending || reason.trim() === ''}
            onClick={() => {
              if (!act.isPending && reason.trim() !== '') act.mutate('take-down');
            }}
          >
            {t('texts:Texts.Console.Languages.TakeDown')}
          </button>
        </div>
      ) : null}
      {language.builtIn ? null : <p className="admin-hint">{t('texts:Texts.Console.Languages.PreviewHint')}</p>}
      {done === 'publish' ? <p role="status">{t('texts:Texts.Console.Languages.PublishedNow', { name: language.name })}</p> : null}
      {done === 'take-down' ? <p role="status">{t('texts:Texts.Console.Languages.TakenDown', { name: language.name })}</p> : null}
      {problem ? (
        <p className="admin-error" role="alert">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
