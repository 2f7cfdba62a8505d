import { useTranslation } from 'react-i18next';
import type { Refusal } from '../local-checks';

/** The id a control names in aria-describedby for its refusals. */
export const errorIdOf = (id: string) => `${id}-error`;

/** Why a change is refused, at its control (the control names this element in aria-describedby). */
export function RefusalMessage({ id, refusals }: { id: string; refusals: readonly Refusal[] }) {
  const { t } = useTranslation(['admin', 'rules']);
  if (refusals.length === 0) return null;
  return (
    <div id={errorIdOf(id)} className="admin-error">
      {refusals.map((r) => (
        <p key={`${r.key ?? r.code}:${JSON.stringify(r.params ?? {})}`}>
          {r.key
            ? t(r.key, { ns: 'rules', ...r.params, defaultValue: t('admin:Refusal.Other', { code: r.code }) })
            : t(`admin:Refusal.${r.code}`, { ...r.params, defaultValue: t('admin:Refusal.Other', { code: r.code }) })}
        </p>
      ))}
    </div>
  );
}

/** aria-describedby for a control: its hint (if any) and its refusals (if any). */
export function describedBy(id: string, refusals: readonly Refusal[], hintId?: string): string | undefined {
  const ids = [hintId, refusals.length > 0 ? errorIdOf(id) : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
