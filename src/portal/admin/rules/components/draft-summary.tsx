import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormName } from '../../../forms/definitions';
import { unescapePathComponent } from 'fast-json-patch';
import type { SchemaFiles } from '../../schema/files';
import type { UseIndex } from '../../schema/walk';
import { type Draft, publishedValue, type RuleChange } from '../changes';
import { type Refusal, refusalsAt } from '../local-checks';
import { RefusalMessage } from './refusal-message';

export interface DraftSummaryProps {
  draft: Draft;
  published: SchemaFiles;
  uses: UseIndex;
  refusals: readonly Refusal[];
  onReason: (reason: string) => void;
  onUndo: (change: RuleChange) => void;
  onClear: () => void;
  /** What the services do with the draft (save, impact, publish), shown under it. */
  children?: ReactNode;
}

const shown = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));

/** The place (node) a change's path is under: its path without the last keyword. */
const nodeOf = (change: RuleChange) => change.path.slice(0, change.path.lastIndexOf('/'));
const keywordOf = (change: RuleChange) => unescapePathComponent(change.path.slice(change.path.lastIndexOf('/') + 1));

function ChangeItem({ change, index, props }: { change: RuleChange; index: number; props: DraftSummaryProps }) {
  const { t } = useTranslation(['admin']);
  const id = useId();
  const before = shown(publishedValue(props.published, change));
  const after = shown(change.value);
  const reach = props.uses.get(`${change.file}#${nodeOf(change)}`) ?? [];
  const forms = new Set<FormName>(reach.map((u) => u.form));
  const refusals = refusalsAt(props.refusals, change.file, change.path);
  return (
    <li className="admin-change">
      <p>
        <strong>{keywordOf(change)}</strong> <code>{change.file}</code> <code>{change.path}</code>
      </p>
      <p>
        {change.op === 'add'
          ? t('admin:Draft.Added', { value: after })
          : change.op === 'remove'
            ? t('admin:Draft.Removed', { value: before })
            : t('admin:Draft.Replaced', { before, after })}
      </p>
      {reach.length > 0 ? <p className="admin-hint">{t('admin:Draft.Reach', { count: reach.length, forms: forms.size })}</p> : null}
      <RefusalMessage id={id} refusals={refusals} />
      <button type="button" className="button button--secondary button--small" onClick={() => props.onUndo(change)}>
        {t('admin:Draft.Undo', { number: index + 1 })}
      </button>
    </li>
  );
}

/** The draft: its reason, each change (with what it reaches and any refusal), and the changes as JSON. */
export function DraftSummary(props: DraftSummaryProps) {
  const { t } = useTranslation(['admin']);
  const id = useId();
  const { draft, onReason, onClear } = props;
  return (
    <section className="admin-draft" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('admin:Draft.Heading')}</h2>
      <p className="admin-hint">{t('admin:Draft.Kept')}</p>
      <div className="admin-control">
        <label htmlFor={`${id}-reason`}>{t('admin:Draft.Reason')}</label>
        <textarea id={`${id}-reason`} rows={3} value={draft.reason} aria-describedby={`${id}-reason-hint`} onChange={(event) => onReason(event.target.value)} />
        <p id={`${id}-reason-hint`} className="admin-hint">
          {t('admin:Draft.ReasonHint')}
        </p>
      </div>
      {draft.changes.length === 0 ? (
        <p>{t('admin:Draft.Empty')}</p>
      ) : (
        <>
          <p>{t('admin:Draft.Count', { count: draft.changes.length })}</p>
          <ol className="admin-changes">
            {draft.changes.map((change, index) => (
              <ChangeItem key={`${change.file}#${change.path}`} change={change} index={index} props={props} />
            ))}
          </ol>
          <details className="admin-json">
            <summary>{t('admin:Draft.Json')}</summary>
            <pre>{JSON.stringify(draft.changes, null, 2)}</pre>
          </details>
          <button type="button" className="button button--secondary" onClick={onClear}>
            {t('admin:Draft.Clear')}
          </button>
        </>
      )}
      {props.children}
    </section>
  );
}
