/*
 * One key's texts, English and the working language (Japanese, or a language added in the console) side by side, each checked as it is typed with the same rules
 * the services apply (src/shared/text-checks.ts); what the services refused last time shows at the
 * same field. Adding to the draft takes only texts that changed and pass.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkText, glossaryWarnings, placeholdersOf, type TextFinding } from '../../../shared/text-checks';
import { fullKeyOf, glossaryEntries, glossaryQuery, memoryQuery, type TextChange, type TextLang, type TextRefusal, type TextRow } from './texts-api';
import { UsedIn } from './used-in';
import { useLanguageName } from './language-name';
import { runtimeText } from '../../ui/texts/runtime-text';

/** A row's text in a language (null: missing). */
export const textOf = (row: TextRow, lang: TextLang): string | null => (row.texts as Record<string, string | null>)[lang] ?? null;
const baseOf = (row: TextRow, lang: TextLang): string | null => (row.base as Record<string, string | null>)[lang] ?? null;

interface TextEditorProps {
  row: TextRow;
  /** The language edited beside the English. */
  lang: TextLang;
  /** Texts of this key already in the draft being written. */
  pending: readonly TextChange[];
  /** The services' refusals for this key, from the last save. */
  refusals: readonly TextRefusal[];
  onAdd: (changes: TextChange[]) => void;
  onClose: () => void;
}

export function TextEditor({ row, lang: working, pending, refusals, onAdd, onClose }: TextEditorProps) {
  const { t } = useTranslation(['texts', 'admin']);
  const key = fullKeyOf(row);
  const headingId = useId();
  const langs = useMemo(() => [...new Set(['en', working])], [working]);
  const initial = (lang: TextLang) => pending.find((change) => change.lang === lang)?.text ?? textOf(row, lang) ?? '';
  const [texts, setTexts] = useState<Record<TextLang, string>>(() => Object.fromEntries(langs.map((lang) => [lang, initial(lang)])));
  const textIn = (lang: TextLang) => texts[lang] ?? '';
  // A few short texts: checked on every render, as they are typed.
  const checks = Object.fromEntries(
    langs.map((lang) => [
      lang,
      textIn(lang) === (textOf(row, lang) ?? '') ? {} : checkText({ text: textIn(lang), english: lang === 'en' ? (row.en ?? '') : textIn('en'), lang }),
    ]),
  ) as Record<TextLang, { refusal?: TextFinding; warning?: TextFinding }>;
  const changed = langs.filter((lang) => textIn(lang) !== (textOf(row, lang) ?? ''));
  const refused = changed.some((lang) => checks[lang]?.refusal);
  // A glossary term the English has whose agreed translation a text leaves out: a warning at its field.
  const glossary = useQuery(glossaryQuery());
  const entries = glossaryEntries(glossary.data?.terms ?? []);
  const termWarnings = (lang: TextLang) =>
    lang === 'en' || !textIn(lang) ? [] : glossaryWarnings({ text: textIn(lang), english: textIn('en'), lang, glossary: entries });
  return (
    <section className="texts-editor" aria-labelledby={headingId} data-testid="text-editor">
      <h2 id={headingId}>
        {t('texts:Texts.Console.Editor.Heading')} <code translate="no">{key}</code>
      </h2>
      <UsedIn row={row} />
      {placeholdersOf(row.en ?? '') ? (
        <p className="admin-hint">{t('texts:Texts.Console.Editor.Placeholders', { list: placeholdersOf(row.en ?? '') })}</p>
      ) : null}
      <div className="texts-editor__languages">
        {langs.map((lang) => (
          <TextField
            key={lang}
            lang={lang}
            value={textIn(lang)}
            base={baseOf(row, lang)}
            finding={checks[lang] ?? {}}
            terms={termWarnings(lang)}
            refusals={refusals.filter((refusal) => refusal.params?.lang === lang)}
            onChange={(value) => setTexts((current) => ({ ...current, [lang]: value }))}
          />
        ))}
      </div>
      {working === 'en' ? null : <Memory textKey={key} lang={working} onUse={(text) => setTexts((current) => ({ ...current, [working]: text }))} />}
      <div className="texts-actions">
        <button
          type="button"
          className="button button--primary"
          aria-disabled={changed.length === 0 || refused}
          onClick={() => {
            if (changed.length === 0 || refused) return;
            onAdd(changed.map((lang) => ({ key, lang, text: textIn(lang) })));
          }}
        >
          {t('texts:Texts.Console.Editor.Add')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('texts:Texts.Console.Editor.Close')}
        </button>
        {changed.length === 0 ? <p className="admin-hint">{t('texts:Texts.Console.Editor.Unchanged')}</p> : null}
      </div>
    </section>
  );
}

interface TextFieldProps {
  lang: TextLang;
  value: string;
  base: string | null;
  finding: { refusal?: TextFinding; warning?: TextFinding };
  /** Glossary terms the text leaves out. */
  terms: readonly TextFinding[];
  refusals: readonly TextRefusal[];
  onChange: (value: string) => void;
}

function TextField({ lang, value, base, finding, terms, refusals, onChange }: TextFieldProps) {
  const { t } = useTranslation(['texts', 'admin']);
  const nameOf = useLanguageName();
  const id = useId();
  const problems = [...(finding.refusal ? [finding.refusal] : []), ...refusals];
  const warnings = [...(finding.warning ? [finding.warning] : []), ...terms];
  const describedBy = [problems.length > 0 ? `${id}-error` : '', warnings.length > 0 ? `${id}-warning` : '', `${id}-base`].filter(Boolean).join(' ');
  return (
    <div className="admin-control texts-field">
      <label htmlFor={id}>{nameOf(lang)}</label>
      <textarea
        id={id}
        lang={lang}
        rows={3}
        value={value}
        aria-invalid={problems.length > 0}
        aria-describedby={describedBy}
        data-testid={`text-field-${lang}`}
        onChange={(event) => onChange(event.target.value)}
      />
      {problems.length > 0 ? (
        <div id={`${id}-error`} className="admin-error" role="alert">
          {problems.map((problem) => (
            <p key={`${problem.keyword}-${problem.key}`}>{runtimeText(t, `texts:${problem.key}`, { ...problem.params })}</p>
          ))}
        </div>
      ) : null}
      {warnings.length > 0 ? (
        <div id={`${id}-warning`} className="texts-warning" data-testid={`text-warning-${lang}`}>
          {warnings.map((warning) => (
            <p key={`${warning.keyword}-${String(warning.params?.term ?? '')}`}>{runtimeText(t, `texts:${warning.key}`, { ...warning.params })}</p>
          ))}
        </div>
      ) : null}
      <p id={`${id}-base`} className="admin-hint">
        {base === null ? t('texts:Texts.Console.Editor.NoBase') : t('texts:Texts.Console.Editor.Base', { text: base })}
      </p>
    </div>
  );
}

/** Translation memory: texts of other keys with the same or a close English, in the language edited; one can be taken into the field. */
function Memory({ textKey, lang, onUse }: { textKey: string; lang: TextLang; onUse: (text: string) => void }) {
  const { t } = useTranslation(['texts', 'admin']);
  const id = useId();
  const memory = useQuery(memoryQuery(textKey, lang));
  const found = memory.data?.suggestions ?? [];
  return (
    <section className="texts-memory" aria-labelledby={`${id}-heading`} data-testid="texts-memory">
      <h3 id={`${id}-heading`}>{t('texts:Texts.Console.Memory.Heading')}</h3>
      {memory.isSuccess && found.length === 0 ? <p className="admin-hint">{t('texts:Texts.Console.Memory.None')}</p> : null}
      <ul className="texts-list">
        {found.map((suggestion) => (
          <li key={suggestion.key}>
            <span lang={lang} translate="no">
              {suggestion.text}
            </span>{' '}
            <span className="admin-hint">
              {suggestion.score === 1
                ? t('texts:Texts.Console.Memory.Exact', { key: suggestion.key })
                : t('texts:Texts.Console.Memory.Close', { key: suggestion.key, percent: Math.round(suggestion.score * 100) })}
            </span>{' '}
            <button type="button" className="button button--small button--secondary" onClick={() => onUse(suggestion.text)}>
              {t('texts:Texts.Console.Memory.Use')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
