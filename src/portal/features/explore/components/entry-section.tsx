import { type ReactNode, useId } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isAbsoluteUrl } from '../../../ui/links/return-to';
import { SmartLink } from '../../../ui/links/smart-link';

export interface EntryLink {
  /** A key of the explore namespace. */
  labelKey: ParseKeys<'explore'>;
  href: string;
}

interface EntrySectionProps {
  title: string;
  text: string;
  /** Links to partner entry points; absent ones (no configured address) are left out. */
  links?: readonly EntryLink[];
  children?: ReactNode;
}

/** One area of the launchpad: a heading, a line on what is there, and its buttons or links. */
export function EntrySection({ title, text, links = [], children }: EntrySectionProps) {
  const { t } = useTranslation('explore');
  const id = useId();
  return (
    <section className="explore-section" aria-labelledby={id}>
      <h2 id={id} className="explore-section__title">
        {title}
      </h2>
      <p className="explore-section__text">{text}</p>
      {children}
      {links.length > 0 ? (
        <ul className="explore-section__links">
          {links.map((link) => (
            <li key={link.labelKey}>
              <SmartLink href={link.href} className="explore-section__link">
                {t(link.labelKey)}
                {/* Absolute links open in a new tab (SmartLink); say so to those who cannot see it happen. */}
                {isAbsoluteUrl(link.href) ? (
                  <>
                    {' '}
                    <span className="visually-hidden">{t('NewTab')}</span>
                  </>
                ) : null}
              </SmartLink>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
