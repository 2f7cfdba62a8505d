import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePortalConfig } from '../../../clients/config';
import { useProfile } from '../../../clients/profile';
import { PEARSON_ACTIONS } from '../launch-plan';
import { useLaunch } from '../use-launch';

/**
 * Schedule Exam and Manage Exams: each launches the exam-delivery partner with its ACTION. A learner
 * without an exam-delivery candidate id fills in the exam-delivery form first (docs/behaviour.md#screens-and-routes).
 */
export function ExamActions() {
  const { t } = useTranslation('home');
  const { flags } = usePortalConfig();
  const { profile } = useProfile();
  const { launch, pending } = useLaunch();
  if (!flags.pearson || !profile) return null;
  if (profile.isBlocked) return <p className="card__notice">{t('Exams.Suspended')}</p>;
  if (!profile.externalIds?.pearsonVue) {
    return (
      <div className="card__actions">
        <Link to="/profile/pearson" className="button button--primary">
          {t('Exams.Schedule')}
        </Link>
        <Link to="/profile/pearson" className="button button--secondary">
          {t('Exams.Manage')}
        </Link>
      </div>
    );
  }
  const actions = [
    ['schedule', 'Exams.Schedule', 'button--primary'],
    ['manage', 'Exams.Manage', 'button--secondary'],
  ] as const;
  return (
    <div className="card__actions">
      {actions.map(([action, label, style]) => (
        <button
          key={action}
          type="button"
          className={`button ${style}`}
          disabled={pending !== null}
          aria-busy={pending === action || undefined}
          onClick={() => void launch('pearsonVue', { pearsonAction: PEARSON_ACTIONS[action] }, { id: action })}
        >
          {t(label)}
        </button>
      ))}
    </div>
  );
}
