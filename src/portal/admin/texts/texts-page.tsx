/*
 * /admin/texts: the texts console (docs/texts.md#the-texts-console; its calls: docs/admin-area.md,
 * "Texts"). One row per key, English and Japanese side by side; search and filters; a key's editor
 * with the checks at the field; the draft being written, the saved drafts (approve, publish), the
 * versions (roll back), the audit, and the exchange files. `?key=ns:key` (from "show keys") opens
 * that key.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { TextEditor, textOf } from './text-editor';
import { useLanguageName } from './language-name';
import { TextsGlossary } from './texts-glossary';
import { TextsLanguages } from './texts-languages';
import {
  fullKeyOf,
  refusalsOf,
  saveDraft,
  textKeysQuery,
  textsKeys,
  type KeysQuery,
  type TextChange,
  type TextFilter,
  type TextLang,
  type TextRefusal,
  type TextRow,
} from './texts-api';
import { TextsDrafts } from './texts-drafts';
import { TextsExchange } from './texts-exchange';
import { TextsHistory } from './texts-history';
import { UsedIn } from './used-in';
import './texts.css';
import { runtimeText } from '../../ui/texts/runtime-text';

const FILTERS: readonly TextFilter[] = ['missing', 'stale', 'overridden'];
const SHOWN = 100;

export default function TextsPage() {
  const { t } = useTranslation(['texts', 'admin']);
  const [params, setParams] = useSearchParams();
  const asked = params.get('key') ?? '';
  const [typed, setTyped] = useState(asked);
  const [query, setQuery] = useState<KeysQuery>(() => (asked ? { q: asked } : {}));
  const [openKey, setOpenKey] = useState<string | null>(asked || null);
  const [pending, setPending] = useState<TextChange[]>([]);
  const [reason, setReason] = useState('');
  const [refusals, setRefusals] = useState<TextRefusal[]>([]);
  const queryClient = useQueryClient();
  const keys = useQuery(textKeysQuery(query));
  const searchId = useId();
  const nameOf = useLanguageName();
  // The language worked on beside the English: Japanese, or a language added here.
  const lang: TextLang = query.lang ?? 'ja';
  const others = (keys.data?.languages ?? ['en', 'ja']).filter((tag) => tag !== 'en');

  useEffect(() => {
    // A key asked for in the address (show keys' link) opens it.
    if (asked) {
      setTyped(asked);
      setQuery({ q: asked });
      setOpenKey(asked);
    }
  }, [asked]);

  const rows = useMemo(() => keys.data?.keys ?? [], [keys.data]);
  const openRow = useMemo(() => rows.find((row) => fullKeyOf(row) === openKey), [rows, openKey]);
  const save = useMutation({
    mutationFn: () => saveDraft({ reason: reason.trim(), changes: pending }),
    onSuccess: async () => {
      setPending([]);
      setReason('');
      setRefusals([]);
      await queryClient.invalidateQueries({ queryKey: textsKeys.all });
    },
    onError: (error) => setRefusals(refusalsOf(error)),
  });

  const addToDraft = (changes: TextChange[]) => {
    setPending((current) => [...current.filter((c) => !changes.some((n) => n.key === c.key && n.lang === c.lang)), ...changes]);
    setRefusals([]);
  };

  return (
    <div className="texts-console">
      <h1>{t('texts:Texts.Console.Heading')}</h1>
      <p>{t('texts:Texts.Console.Intro')}</p>
      {keys.data ? (
        <p className="admin-hint" data-testid="texts-published">
          {keys.data.published.base ? t('texts:Texts.Console.PublishedBase') : t('texts:Texts.Console.Published', { version: keys.data.published.version })}
          {keys.data.approvalRequired ? ` ${t('texts:Texts.Console.ApprovalRequired')}` : ''}
        </p>
      ) : null}

      <form
        className="texts-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery((current) => ({ ...current, q: typed.trim() || undefined }));
          if (params.has('key')) setParams({}, { replace: true });
        }}
      >
        <div className="admin-control">
          <label htmlFor={searchId}>{t('texts:Texts.Console.Search.Label')}</label>
          <input id={searchId} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <div className="admin-control">
          <label htmlFor={`${searchId}-ns`}>{t('texts:Texts.Console.Search.Namespace')}</label>
          <select
            id={`${searchId}-ns`}
            value={query.namespace ?? ''}
            onChange={(event) => setQuery((current) => ({ ...current, namespace: event.target.value || undefined }))}
          >
            <option value="">{t('texts:Texts.Console.Search.AllNamespaces')}</option>
            {(keys.data?.namespaces ?? []).map((ns) => (
              <option key={ns} value={ns} translate="no">
                {ns}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-control">
          <label htmlFor={`${searchId}-filter`}>{t('texts:Texts.Console.Search.Filter')}</label>
          <select
            id={`${searchId}-filter`}
            value={query.filter ?? ''}
            onChange={(event) => setQuery((current) => ({ ...current, filter: (event.target.value || undefined) as TextFilter | undefined }))}
          >
            <option value="">{t('texts:Texts.Console.Search.AllKeys')}</option>
            {FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`texts:Texts.Console.Filter.${filter}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-control">
          <label htmlFor={`${searchId}-lang`}>{t('texts:Texts.Console.Search.Language')}</label>
          <select
            id={`${searchId}-lang`}
            data-testid="texts-language"
            value={lang}
            onChange={(event) => setQuery((current) => ({ ...current, lang: event.target.value }))}
          >
            {[...others, 'en'].map((tag) => (
              <option key={tag} value={tag}>
                {nameOf(tag)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary">
          {t('texts:Texts.Console.Search.Submit')}
        </button>
      </form>

      {openRow ? (
        <TextEditor
          key={fullKeyOf(openRow)}
          row={openRow}
          lang={lang}
          pending={pending.filter((change) => change.key === fullKeyOf(openRow))}
          refusals={refusals.filter((refusal) => refusal.params?.textKey === fullKeyOf(openRow))}
          onAdd={addToDraft}
          onClose={() => setOpenKey(null)}
        />
      ) : null}

      {pending.length > 0 ? (
        <section className="texts-pending" aria-labelledby={`${searchId}-pending`} data-testid="texts-pending">
          <h2 id={`${searchId}-pending`}>{t('texts:Texts.Console.Pending.Heading', { count: pending.length })}</h2>
          <ul>
            {pending.map((change, index) => {
              const problems = refusals.filter((refusal) => refusal.change === index);
              return (
                <li key={`${change.key}-${change.lang}`}>
                  <code translate="no">{change.key}</code> <span>({nameOf(change.lang)})</span>:{' '}
                  <span translate="no" lang={change.lang}>
                    {change.text}
                  </span>{' '}
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    onClick={() => setPending((current) => current.filter((c) => c !== change))}
                  >
                    {t('texts:Texts.Console.Pending.Remove')}
                  </button>
                  {problems.map((problem) => (
                    <p key={problem.path} className="admin-error" role="alert">
                      {runtimeText(t, `texts:${problem.key}`, { ...problem.params })}
                    </p>
                  ))}
                </li>
              );
            })}
          </ul>
          <div className="admin-control">
            <label htmlFor={`${searchId}-reason`}>{t('texts:Texts.Console.Pending.Reason')}</label>
            <input id={`${searchId}-reason`} type="text" value={reason} onChange={(event) => setReason(event.target.value)} />
          </div>
          <button
            type="button"
            className="button button--primary"
            aria-disabled={reason.trim() === '' || save.isPending}
            onClick={() => {
              if (reason.trim() !== '' && !save.isPending) save.mutate();
            }}
          >
            {t('texts:Texts.Console.Pending.Save')}
          </button>
          {reason.trim() === '' ? <p className="admin-hint">{t('texts:Texts.Console.Pending.ReasonNeeded')}</p> : null}
          {save.isError && refusals.length === 0 ? (
            <p className="admin-error" role="alert">
              {t('texts:Texts.Console.Failed')}
            </p>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby={`${searchId}-keys`}>
        <h2 id={`${searchId}-keys`}>{t('texts:Texts.Console.Keys.Heading', { count: rows.length })}</h2>
        {keys.isPending ? <p role="status">{t('admin:Loading')}</p> : null}
        {keys.isError ? (
          <p className="admin-error" role="alert">
            {t('texts:Texts.Console.Failed')}
          </p>
        ) : null}
        {rows.length > SHOWN ? <p className="admin-hint">{t('texts:Texts.Console.Keys.Narrow', { shown: SHOWN, count: rows.length })}</p> : null}
        <table className="texts-table">
          <thead>
            <tr>
              <th scope="col">{t('texts:Texts.Console.Keys.Key')}</th>
              <th scope="col">{nameOf('en')}</th>
              {lang === 'en' ? null : <th scope="col">{nameOf(lang)}</th>}
              <th scope="col">{t('texts:Texts.Console.Keys.State')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN).map((row) => (
              <KeyRow key={fullKeyOf(row)} row={row} lang={lang} open={fullKeyOf(row) === openKey} onOpen={() => setOpenKey(fullKeyOf(row))} />
            ))}
          </tbody>
        </table>
      </section>

      <TextsLanguages />
      <TextsGlossary lang={lang} />
      <TextsDrafts />
      <TextsExchange languages={keys.data?.languages ?? ['en', 'ja']} />
      <TextsHistory />
    </div>
  );
}

function KeyRow({ row, lang, open, onOpen }: { row: TextRow; lang: TextLang; open: boolean; onOpen: () => void }) {
  const { t } = useTranslation(['texts']);
  const nameOf = useLanguageName();
  const key = fullKeyOf(row);
  // The states of the English and the language worked on.
  const shown = (tag: string) => tag === 'en' || tag === lang;
  const states = [
    ...row.missing.filter(shown).map((tag) => t('Texts.Console.State.Missing', { lang: nameOf(tag) })),
    ...(row.staleIn.includes(lang) ? [t('Texts.Console.State.Stale')] : []),
    ...row.overridden.filter(shown).map((tag) => t('Texts.Console.State.Overridden', { lang: nameOf(tag) })),
  ];
  return (
    <tr className={open ? 'texts-row texts-row--open' : 'texts-row'} data-key={key}>
      <th scope="row" data-label={t('Texts.Console.Keys.Key')}>
        <button type="button" className="texts-key" aria-expanded={open} onClick={onOpen} translate="no">
          {key}
        </button>
        <UsedIn row={row} />
      </th>
      <td data-label={nameOf('en')} lang="en" translate="no">
        {row.en ?? '—'}
      </td>
      {lang === 'en' ? null : (
        <td data-label={nameOf(lang)} lang={lang} translate="no">
          {textOf(row, lang) ?? '—'}
        </td>
      )}
      <td data-label={t('Texts.Console.Keys.State')}>{states.length > 0 ? states.join(' · ') : t('Texts.Console.State.AsFiles')}</td>
    </tr>
  );
}
