/*
 * Exchange with translation tools: export one language (all keys, or only the missing and stale ones)
 * as XLIFF 2.0 or i18next JSON; import a translated file, which the services check like an edit and
 * save as a draft (never published by the import).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportTexts, importTexts, refusalsOf, textsKeys, type TextLang, type TextRefusal } from './texts-api';
import { useLanguageName } from './language-name';
import { runtimeText } from '../../ui/texts/runtime-text';
import { downloadText } from '../download';

type Format = 'xliff' | 'json';

/** `languages`: the texts service's languages (the file's language is one of them). */
export function TextsExchange({ languages }: { languages: readonly TextLang[] }) {
  const { t } = useTranslation(['texts', 'admin']);
  const nameOf = useLanguageName();
  const id = useId();
  const queryClient = useQueryClient();
  const [lang, setLang] = useState<TextLang>('ja');
  const [only, setOnly] = useState<'all' | 'todo'>('todo');
  const [format, setFormat] = useState<Format>('xliff');
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const [refusals, setRefusals] = useState<TextRefusal[]>([]);
  const exporting = useMutation({
    mutationFn: () => exportTexts({ lang, only, format }),
    onSuccess: (text) =>
      downloadText(text, `texts-${lang}-${only}.${format === 'xliff' ? 'xlf' : 'json'}`, format === 'xliff' ? 'application/xliff+xml' : 'application/json'),
  });
  const importing = useMutation({
    mutationFn: async () => importTexts({ lang, format, content: await file!.text(), reason: reason.trim() }),
    onSuccess: async () => {
      setRefusals([]);
      setReason('');
      await queryClient.invalidateQueries({ queryKey: textsKeys.all });
    },
    onError: (error) => setRefusals(refusalsOf(error)),
  });
  const canImport = file !== null && reason.trim() !== '' && !importing.isPending;
  return (
    <section aria-labelledby={`${id}-heading`} className="texts-exchange" data-testid="texts-exchange">
      <h2 id={`${id}-heading`}>{t('texts:Texts.Console.Exchange.Heading')}</h2>
      <div className="texts-search">
        <div className="admin-control">
          <label htmlFor={`${id}-lang`}>{t('texts:Texts.Console.Search.Language')}</label>
          <select id={`${id}-lang`} value={lang} data-testid="exchange-language" onChange={(event) => setLang(event.target.value)}>
            {[...languages.filter((tag) => tag !== 'en'), 'en'].map((tag) => (
              <option key={tag} value={tag}>
                {nameOf(tag)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-control">
          <label htmlFor={`${id}-format`}>{t('texts:Texts.Console.Exchange.Format')}</label>
          <select id={`${id}-format`} value={format} onChange={(event) => setFormat(event.target.value === 'json' ? 'json' : 'xliff')}>
            <option value="xliff">{t('texts:Texts.Console.Exchange.Xliff')}</option>
            <option value="json">{t('texts:Texts.Console.Exchange.Json')}</option>
          </select>
        </div>
      </div>
      <h3>{t('texts:Texts.Console.Exchange.ExportHeading')}</h3>
      <div className="texts-search">
        <div className="admin-control">
          <label htmlFor={`${id}-only`}>{t('texts:Texts.Console.Exchange.Only')}</label>
          <select id={`${id}-only`} value={only} onChange={(event) => setOnly(event.target.value === 'all' ? 'all' : 'todo')}>
            <option value="todo">{t('texts:Texts.Console.Exchange.Todo')}</option>
            <option value="all">{t('texts:Texts.Console.Exchange.All')}</option>
          </select>
        </div>
        <button type="button" className="button button--secondary" onClick={() => exporting.mutate()} aria-disabled={exporting.isPending}>
          {t('texts:Texts.Console.Exchange.Export')}
        </button>
      </div>
      {exporting.isError ? (
        <p className="admin-error" role="alert">
          {t('texts:Texts.Console.Failed')}
        </p>
      ) : null}
      <h3>{t('texts:Texts.Console.Exchange.ImportHeading')}</h3>
      <div className="texts-search">
        <div className="admin-control">
          <label htmlFor={`${id}-file`}>{t('texts:Texts.Console.Exchange.File')}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".xlf,.xliff,.json,application/json,application/xliff+xml"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <div className="admin-control">
          <label htmlFor={`${id}-reason`}>{t('texts:Texts.Console.Pending.Reason')}</label>
          <input id={`${id}-reason`} type="text" value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
        <button
          type="button"
          className="button button--primary"
          aria-disabled={!canImport}
          onClick={() => {
            if (canImport) importing.mutate();
          }}
        >
          {t('texts:Texts.Console.Exchange.Import')}
        </button>
      </div>
      <p className="admin-hint">{t('texts:Texts.Console.Exchange.ImportHint')}</p>
      {importing.isSuccess ? <p role="status">{t('texts:Texts.Console.Exchange.Imported')}</p> : null}
      {refusals.length > 0 || importing.isError ? (
        <div className="admin-error" role="alert" data-testid="texts-import-refusals">
          {refusals.length === 0 ? <p>{t('texts:Texts.Console.Failed')}</p> : null}
          {refusals.map((refusal) => (
            <p key={refusal.path + refusal.key}>{runtimeText(t, `texts:${refusal.key}`, { ...refusal.params })}</p>
          ))}
        </div>
      ) : null}
    </section>
  );
}
