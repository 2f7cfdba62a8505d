/*
 * The glossary (docs/texts.md#translation-memory-and-glossary): product terms ("access key") with
 * their agreed translation in the language worked on. A text that leaves a term's translation out is
 * warned of at its field (src/shared/text-checks.ts: glossaryWarnings).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { glossaryQuery, setGlossaryTerm, textsKeys, type TextLang } from './texts-api';
import { useLanguageName } from './language-name';

export function TextsGlossary({ lang }: { lang: TextLang }) {
  const { t } = useTranslation(['texts', 'admin']);
  const nameOf = useLanguageName();
  const id = useId();
  const queryClient = useQueryClient();
  const glossary = useQuery(glossaryQuery());
  const [term, setTerm] = useState('');
  const [translation, setTranslation] = useState('');
  const save = useMutation({
    mutationFn: () => setGlossaryTerm({ term: term.trim(), lang, translation: translation.trim() }),
    onSuccess: async () => {
      setTerm('');
      setTranslation('');
      await queryClient.invalidateQueries({ queryKey: textsKeys.all });
    },
  });
  const ready = term.trim() !== '' && translation.trim() !== '' && !save.isPending;
  if (lang === 'en') return null;
  return (
    <section aria-labelledby={`${id}-heading`} className="texts-glossary" data-testid="texts-glossary">
      <h2 id={`${id}-heading`}>{t('texts:Texts.Console.Glossary.Heading')}</h2>
      <p>{t('texts:Texts.Console.Glossary.Intro', { lang: nameOf(lang) })}</p>
      <table className="texts-table">
        <thead>
          <tr>
            <th scope="col">{t('texts:Texts.Console.Glossary.Term')}</th>
            <th scope="col">{nameOf(lang)}</th>
          </tr>
        </thead>
        <tbody>
          {(glossary.data?.terms ?? []).map((entry) => (
            <tr key={entry.term}>
              <th scope="row" lang="en" translate="no">
                {entry.term}
              </th>
              <td lang={lang} translate="no">
                {entry.translations[lang] ?? '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form
        className="texts-search"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) save.mutate();
        }}
      >
        <div className="admin-control">
          <label htmlFor={`${id}-term`}>{t('texts:Texts.Console.Glossary.Term')}</label>
          <input id={`${id}-term`} type="text" lang="en" value={term} onChange={(event) => setTerm(event.target.value)} />
        </div>
        <div className="admin-control">
          <label htmlFor={`${id}-translation`}>{t('texts:Texts.Console.Glossary.Translation', { lang: nameOf(lang) })}</label>
          <input id={`${id}-translation`} type="text" lang={lang} value={translation} onChange={(event) => setTranslation(event.target.value)} />
        </div>
        <button type="submit" className="button button--secondary" aria-disabled={!ready}>
          {t('texts:Texts.Console.Glossary.Save')}
        </button>
      </form>
      {save.isError ? (
        <p className="admin-error" role="alert">
          {t('texts:Texts.Console.Failed')}
        </p>
      ) : null}
    </section>
  );
}
