import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf, republishVersion, rulesKeys } from '../../api/rules-api';

/** Rolls back to a version (0: the base): a new version with its changes, and a reason. */
export function RollBack({ number, label, defaultReason = '' }: { number: number; label: string; defaultReason?: string }) {
  const { t } = useTranslation(['admin']);
  const id = useId();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState(defaultReason);
  const [missing, setMissing] = useState(false);
  const rollBack = useMutation({
    mutationFn: () => republishVersion(number, reason.trim()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesKeys.all }),
  });
  const submit = () => {
    if (reason.trim() === '') return setMissing(true);
    setMissing(false);
    rollBack.mutate();
  };
  return (
    <div className="admin-rollback">
      <div className="admin-control">
        <label htmlFor={`${id}-reason`}>{t('admin:Versions.RollBackReason')}</label>
        <input
          id={`${id}-reason`}
          type="text"
          value={reason}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {missing ? (
          <p id={`${id}-error`} className="admin-error">
            {t('admin:Actions.ReasonNeeded')}
          </p>
        ) : null}
      </div>
      <button type="button" className="button button--secondary" disabled={rollBack.isPending} onClick={submit}>
        {label}
      </button>
      {rollBack.isSuccess ? <p role="status">{t('admin:Versions.RolledBack', { number: rollBack.data.number })}</p> : null}
      {rollBack.error ? (
        <p role="alert" className="admin-error">
          {t('admin:Actions.Failed', { message: messageOf(rollBack.error) })}
        </p>
      ) : null}
    </div>
  );
}
