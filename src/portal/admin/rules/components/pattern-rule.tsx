import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Refusal } from '../local-checks';
import { explainPattern } from '../pattern/explain-pattern';
import { parsePattern } from '../pattern/parse-pattern';
import { patternSamples } from '../pattern/pattern-samples';
import { PatternExplanation } from './pattern-explanation';
import { describedBy, RefusalMessage } from './refusal-message';
import { WasNote } from './was-note';

export interface PatternRuleProps {
  label: string;
  value: string | undefined;
  published: unknown;
  onChange: (value: string | undefined) => void;
  refusals: readonly Refusal[];
  /** Values of the field in the sample data, tried as samples too. */
  examples?: readonly string[];
  /** Whether the pattern may be taken away here (one the base does not have). */
  removable: boolean;
}

const quoted = (value: string) => `“${value}”`;

/**
 * A pattern, with what it asks for in plain words and values that pass and fail it (tested with
 * the pattern in the browser, for display: the services decide).
 */
export function PatternRule({ label, value, published, onChange, refusals, examples = [], removable }: PatternRuleProps) {
  const { t } = useTranslation(['admin']);
  const id = useId();
  const parsed = useMemo(() => (value === undefined || value === '' ? undefined : parsePattern(value)), [value]);
  const samples = useMemo(() => (parsed?.ok ? patternSamples(parsed.ast, parsed.regexp, examples) : undefined), [parsed, examples]);
  const steps = useMemo(() => (parsed?.ok ? explainPattern(parsed.ast) : undefined), [parsed]);
  const invalid = parsed && !parsed.ok ? [{ file: '', path: '', code: 'PatternInvalid', params: { reason: parsed.error } }] : [];
  // The browser's own verdict on the syntax shows at once; other refusals come from the draft's checks.
  const shown = refusals.some((r) => r.code === 'PatternInvalid') ? refusals : [...invalid, ...refusals];
  const hintId = `${id}-limits`;
  return (
    <div className="admin-control admin-control--pattern">
      <label htmlFor={id}>{label}</label>
      <p id={hintId} className="admin-hint">
        {t('admin:Pattern.Limits')}
      </p>
      <input
        id={id}
        type="text"
        className="admin-code-input"
        spellCheck={false}
        autoComplete="off"
        value={value ?? ''}
        aria-invalid={shown.length > 0 || undefined}
        aria-describedby={describedBy(id, shown, hintId)}
        onChange={(event) => onChange(event.target.value === '' && removable ? undefined : event.target.value)}
      />
      <WasNote value={value} published={published} />
      <RefusalMessage id={id} refusals={shown} />
      {steps ? (
        <div className="admin-pattern">
          <p className="admin-pattern__title">{t('admin:Pattern.Explained')}</p>
          <PatternExplanation steps={steps} />
        </div>
      ) : null}
      {samples ? (
        <div className="admin-samples">
          <div>
            <p className="admin-samples__title">{t('admin:Pattern.Passes')}</p>
            <ul>
              {samples.passes.map((s) => (
                <li key={s}>{s === '' ? t('admin:Pattern.EmptyValue') : <code>{quoted(s)}</code>}</li>
              ))}
            </ul>
          </div>
          <div>
            <p className="admin-samples__title">{t('admin:Pattern.Fails')}</p>
            <ul>
              {samples.fails.map((s) => (
                <li key={s}>{s === '' ? t('admin:Pattern.EmptyValue') : <code>{quoted(s)}</code>}</li>
              ))}
            </ul>
          </div>
          <p className="admin-hint">{t('admin:Pattern.SamplesNote')}</p>
        </div>
      ) : null}
    </div>
  );
}
