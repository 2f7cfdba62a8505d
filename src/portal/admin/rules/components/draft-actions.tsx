/*
 * What the services do with the working copy: save it as a draft (several changes and a reason make
 * one draft), its impact on stored profiles, approval, publish, delete. A refusal of the services
 * shows at the control it concerns (through the draft's refusals); anything else shows here.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isApiError } from '../../../clients/errors';
import {
  approveDraft,
  deleteDraft,
  draftImpact,
  messageOf,
  publishDraft,
  refusalsOfError,
  rulesKeys,
  type RulesDraft,
  type RulesImpact,
  saveDraft,
} from '../../api/rules-api';
import { useDraft } from '../draft-state';
import { sharesToConfirm } from '../impact-share';
import { DraftEvidencePanel } from '../../activity/effect-panel';
import { ImpactReport } from './impact-report';
import { ScheduleDraft } from './schedule';
import { percentOf } from './impact-share-note';
import { useFieldLabel } from '../../schema/use-field-label';
import { FORM_TITLE } from '../../gallery/text-keys';

/** What the last action did; a publish names its version, linked, until the owner does something else. */
type Outcome = { kind: 'status' | 'alert'; text: string; version?: number } | null;

export function DraftActions() {
  const { t, i18n } = useTranslation(['admin', 'gallery']);
  const id = useId();
  const queryClient = useQueryClient();
  const { draft, draftFiles, saved, dirty, refusals, info, setSaved, setServerRefusals, impact, setImpact } = useDraft();
  const labelOf = useFieldLabel(draftFiles);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [reasonMissing, setReasonMissing] = useState(false);

  const failed = (error: unknown) => {
    if (isApiError(error) && error.statusCode === 409) return setOutcome({ kind: 'alert', text: t('admin:Actions.Conflict', { message: error.message }) });
    setOutcome({ kind: 'alert', text: t('admin:Actions.Failed', { message: messageOf(error) }) });
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: rulesKeys.all });

  const save = useMutation({
    mutationFn: () => saveDraft({ id: saved?.id, reason: draft.reason.trim(), changes: draft.changes }),
    meta: { silentError: true },
    onSuccess: (answer: RulesDraft) => {
      setSaved(answer);
      setConfirmed(false);
      setOutcome({ kind: 'status', text: t('admin:Actions.Saved', { revision: answer.revision }) });
      void refresh();
      // What the saved draft does to stored profiles, at once: a field it would turn most of them back
      // at shows a warning there, and publishing then asks to confirm it.
      runImpact.mutate(answer.id);
    },
    onError: (error) => {
      const atControls = refusalsOfError(error, draft.changes);
      if (atControls) {
        setServerRefusals(atControls);
        setOutcome({ kind: 'alert', text: t('admin:Actions.Refused', { count: atControls.length }) });
      } else failed(error);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteDraft(saved!.id),
    meta: { silentError: true },
    onSuccess: () => {
      setSaved(null);
      setImpact(null);
      setOutcome({ kind: 'status', text: t('admin:Actions.Deleted') });
      void refresh();
    },
    onError: failed,
  });
  const runImpact = useMutation({
    mutationFn: (draftId: string) => draftImpact(draftId),
    meta: { silentError: true },
    onSuccess: (answer: RulesImpact) => setImpact(answer),
    onError: failed,
  });
  const approve = useMutation({
    mutationFn: () => approveDraft(saved!.id),
    meta: { silentError: true },
    onSuccess: (answer) => {
      setSaved(answer);
      setOutcome({ kind: 'status', text: t('admin:Actions.Approved') });
      void refresh();
    },
    onError: failed,
  });
  const publish = useMutation({
    mutationFn: () => publishDraft(saved!.id),
    meta: { silentError: true },
    onSuccess: (version) => {
      setSaved(null);
      setImpact(null);
      setOutcome({ kind: 'status', text: t('admin:Actions.Published', { number: version.number }), version: version.number });
      void refresh();
    },
    onError: failed,
  });
  const busy = save.isPending || remove.isPending || runImpact.isPending || approve.isPending || publish.isPending;
  const impactButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusAfterActions(busy, impactButton, heading);

  const onSave = () => {
    if (draft.reason.trim() === '') {
      setReasonMissing(true);
      setOutcome({ kind: 'alert', text: t('admin:Actions.ReasonNeeded') });
      return;
    }
    setReasonMissing(false);
    save.mutate();
  };
  const localRefusals = refusals.filter((r) => !r.key).length;
  const canSave = draft.changes.length > 0 && (dirty || !saved) && localRefusals === 0;
  const toConfirm = sharesToConfirm(impact);
  const needsConfirmation = toConfirm.length > 0 && !confirmed;
  const approval = saved?.approval as { by: { email: string | null }; at: string; current: boolean } | null | undefined;

  return (
    <section className="admin-actions" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {t('admin:Actions.Heading')}
      </h3>
      {saved ? (
        <p>
          {t('admin:Actions.SavedAs', { revision: saved.revision, author: saved.author.email ?? saved.author.id, version: saved.basedOn })}
          {dirty ? ` ${t('admin:Actions.Unsaved')}` : ''}
        </p>
      ) : (
        <p>{t('admin:Actions.NotSaved')}</p>
      )}
      {saved?.stale ? <p className="admin-error">{t('admin:Actions.Stale', { version: info.version })}</p> : null}
      {saved && info.approvalRequired ? (
        <p>{approval?.current ? t('admin:Actions.ApprovedBy', { by: approval.by.email ?? '' }) : t('admin:Actions.NeedsApproval')}</p>
      ) : null}
      {reasonMissing && draft.reason.trim() === '' ? <p className="admin-error">{t('admin:Actions.ReasonNeeded')}</p> : null}
      <div className="admin-actions__buttons">
        <button type="button" className="button" disabled={!canSave || busy} onClick={onSave}>
          {saved ? t('admin:Actions.Update') : t('admin:Actions.Save')}
        </button>
        {saved ? (
          <>
            <button ref={impactButton} type="button" className="button button--secondary" disabled={busy || dirty} onClick={() => runImpact.mutate(saved.id)}>
              {t('admin:Actions.Impact')}
            </button>
            {info.approvalRequired ? (
              <button type="button" className="button button--secondary" disabled={busy || dirty} onClick={() => approve.mutate()}>
                {t('admin:Actions.Approve')}
              </button>
            ) : null}
            <button type="button" className="button" disabled={busy || dirty || saved.stale || needsConfirmation} onClick={() => publish.mutate()}>
              {t('admin:Actions.Publish')}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => remove.mutate()}>
              {t('admin:Actions.Delete')}
            </button>
          </>
        ) : null}
      </div>
      {saved ? <ScheduleDraft draftId={saved.id} disabled={busy || dirty || saved.stale || needsConfirmation} /> : null}
      {saved && dirty ? <p className="admin-hint">{t('admin:Actions.SaveFirst')}</p> : null}
      {saved && !dirty && toConfirm.length > 0 ? (
        <div className="admin-warning">
          <p>{t('admin:Impact.ConfirmHeading')}</p>
          <ul>
            {toConfirm.map((s) => (
              <li key={`${s.form}/${s.path}`}>
                {t('admin:Impact.ConfirmField', {
                  form: t(FORM_TITLE[s.form as keyof typeof FORM_TITLE]),
                  field: labelOf(s.form as keyof typeof FORM_TITLE, s.path),
                  count: s.count,
                  checked: s.checked,
                  share: percentOf(s.share, i18n.language),
                })}
              </li>
            ))}
          </ul>
          <label className="admin-checkbox">
            <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
            {t('admin:Impact.Confirm')}
          </label>
        </div>
      ) : null}
      <div role="status" aria-live="polite">
        {busy ? (
          <p>{t('admin:Actions.Working')}</p>
        ) : outcome?.kind === 'status' ? (
          <p>
            {outcome.text}
            {outcome.version !== undefined ? (
              <>
                {' '}
                <Link to={`/admin/rules/versions#version-${outcome.version}`}>{t('admin:Actions.PublishedLink', { number: outcome.version })}</Link>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      {outcome?.kind === 'alert' ? (
        <p role="alert" className="admin-error">
          {outcome.text}
        </p>
      ) : null}
      {impact ? (
        <div className="admin-impact-evidence">
          <ImpactReport impact={impact} />
          {saved ? <DraftEvidencePanel draftId={saved.id} /> : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * Every button is disabled while an action runs, so the focus drops to the page's body (and the button
 * pressed may be gone afterwards). Once the action is done the focus goes to what comes next: checking
 * the saved draft's impact while there is one to check, else the section's heading above the outcome
 * (WCAG 2.2 SC 2.4.3). A focus the owner has put elsewhere meanwhile stays.
 */
function useFocusAfterActions(busy: boolean, impact: RefObject<HTMLButtonElement | null>, heading: RefObject<HTMLElement | null>) {
  const wasBusy = useRef(busy);
  useEffect(() => {
    const done = wasBusy.current && !busy;
    wasBusy.current = busy;
    const active = document.activeElement;
    if (!done || (active && active !== document.body)) return;
    const next = impact.current && !impact.current.disabled ? impact.current : heading.current;
    next?.focus();
  }, [busy, impact, heading]);
}
