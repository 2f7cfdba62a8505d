import type { ParseKeys } from 'i18next';
import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useCmpRole } from '../../clients/cmp-role';
import { configLink, usePortalConfig } from '../../clients/config';
import { useProfile } from '../../clients/profile';
import { Logo } from '../../ui/brand/logo';
import { CartIcon, ChevronIcon, HelpIcon } from '../../ui/brand/icons';
import { SmartLink } from '../../ui/links/smart-link';
import { DisclosureMenu } from '../../ui/menu/disclosure';
import { cmpRoleLink } from './cmp-role-link';
import { useHeaderBlockSize } from './header-size';
import { CERTIFICATION_ROUTES } from '../../ui/links/certification-routes';
import { HEADER_LINKS } from './links';
import { ProfileMenu } from './profile-menu';

interface MenuItem {
  key: ParseKeys<'portal'>;
  href: string;
}

/** The entries whose address is configured (the menus leave the others out). */
const configured = (items: { key: MenuItem['key']; href: string | undefined }[]): MenuItem[] => items.filter((item): item is MenuItem => Boolean(item.href));

function MenuLinks({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation('portal');
  return (
    <ul className="menu__list">
      {items.map((item) => (
        <li key={item.key}>
          <SmartLink href={item.href} className="menu__item">
            {t(item.key)}
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

/** The link the learner's CertMaster role gives, if any (it needs the session and the profile). */
function RoleLink() {
  const { t } = useTranslation('portal');
  const { profile } = useProfile();
  const { data: role } = useCmpRole(profile?.id);
  const roleLink = cmpRoleLink(role);
  return roleLink ? (
    <li>
      <SmartLink href={roleLink.href} className="nav-link" data-testid="cmp-role-link">
        {t(roleLink.labelKey)}
      </SmartLink>
    </li>
  ) : null;
}

function PersonalMenu({ legalHref }: { legalHref: string | undefined }) {
  const { profile } = useProfile();
  return <ProfileMenu profile={profile} legalHref={legalHref} />;
}

/**
 * The header: its fixed parts (logo, home, the certification and help menus, the store) paint at
 * once; the role link and the profile menu, which need the session, when it is there.
 */
export function Header() {
  const { t } = useTranslation('portal');
  const config = usePortalConfig();
  const header = useRef<HTMLElement>(null);
  useHeaderBlockSize(header);
  const store = configLink(config, HEADER_LINKS.store);
  // With the certmetrics flag the menu opens the embedded certification routes; without it, the
  // provider's configured sites.
  const certificationItems = configured([
    { key: 'Header.Certification.MyExams', href: config.flags.certmetrics ? CERTIFICATION_ROUTES.exams : configLink(config, HEADER_LINKS.myExams) },
    {
      key: 'Header.Certification.Certifications',
      href: config.flags.certmetrics ? CERTIFICATION_ROUTES.certifications : configLink(config, HEADER_LINKS.certifications),
    },
    {
      key: 'Header.Certification.ContinuingEducation',
      href: config.flags.certmetrics ? CERTIFICATION_ROUTES.continuingEducation : configLink(config, HEADER_LINKS.continuingEducation),
    },
  ]);
  const helpItems = configured([
    { key: 'Header.Help.HelpCenter', href: configLink(config, HEADER_LINKS.helpCenter) },
    { key: 'Header.Help.ContactSupport', href: configLink(config, HEADER_LINKS.contactSupport) },
    { key: 'Header.Help.Community', href: configLink(config, HEADER_LINKS.community) },
  ]);

  return (
    <header className="header" ref={header}>
      <div className="header__bar">
        <NavLink to="/home" className="header__logo">
          <Logo />
        </NavLink>
        <nav className="header__nav" aria-label={t('Header.MainNav')}>
          <ul className="nav-list">
            <li>
              <NavLink to="/home" className="nav-link">
                {t('Header.Home')}
              </NavLink>
            </li>
            <li>
              <DisclosureMenu
                buttonClassName="nav-link nav-link--button"
                label={
                  <>
                    {t('Header.Certification.Menu')} <ChevronIcon />
                  </>
                }
              >
                <MenuLinks items={certificationItems} />
              </DisclosureMenu>
            </li>
            <Suspense fallback={null}>
              <RoleLink />
            </Suspense>
          </ul>
        </nav>
        <div className="header__actions">
          {store ? (
            <SmartLink href={store} className="icon-button" aria-label={t('Header.Store')} title={t('Header.Store')}>
              <CartIcon />
            </SmartLink>
          ) : null}
          <DisclosureMenu align="end" buttonClassName="icon-button" ariaLabel={t('Header.Help.Menu')} label={<HelpIcon />}>
            <MenuLinks items={helpItems} />
          </DisclosureMenu>
          {/* The avatar's place is kept while the session settles: nothing moves when it arrives. */}
          <Suspense fallback={<span className="avatar-button avatar-button--pending" aria-hidden="true" />}>
            <PersonalMenu legalHref={configLink(config, HEADER_LINKS.legal)} />
          </Suspense>
        </div>
      </div>
    </header>
  );
}
