import { useTranslation } from 'react-i18next';

/**
 * The provider's mark, inline so the header needs no extra request. A mark is not mirrored: it keeps
 * its own left-to-right drawing on a right-to-left page (else its name would be drawn over its square).
 */
export function Logo() {
  const { t } = useTranslation('portal');
  return (
    <svg className="logo" viewBox="0 0 160 32" role="img" aria-label={t('Header.LogoAlt')} width="160" height="32" direction="ltr">
      <rect x="0" y="2" width="28" height="28" rx="6" fill="#c8102e" />
      <path d="M8 16.5l4.5 4.5L21 11" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <text x="36" y="22" fontFamily="system-ui, sans-serif" fontSize="16" fontWeight="700" fill="currentColor">
        {t('Header.Brand')}
      </text>
    </svg>
  );
}
