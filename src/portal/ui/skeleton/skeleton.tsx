import { useTranslation } from 'react-i18next';

interface SkeletonProps {
  /** Number of placeholder lines. */
  lines?: number;
  className?: string;
}

/** Grey placeholder lines shown while data loads; announced once to screen readers. */
export function Skeleton({ lines = 3, className }: SkeletonProps) {
  const { t } = useTranslation('portal');
  return (
    <div className={`skeleton ${className ?? ''}`} role="status" aria-live="polite">
      <span className="visually-hidden">{t('Common.Loading')}</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton__line" aria-hidden="true" />
      ))}
    </div>
  );
}
