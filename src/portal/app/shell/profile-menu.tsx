import { useTranslation } from 'react-i18next';
import { usePortalConfig } from '../../clients/config';
import type { Profile } from '../../clients/profile';
import { useSession } from '../../clients/session';
import { useAuth } from '../../auth/auth-context';
import { useAdminRoles } from '../../auth/roles';
import { mayShowKeys, setShowKeys, useShowKeys } from '../show-keys/show-keys-state';
import { SmartLink } from '../../ui/links/smart-link';
import { DisclosureMenu } from '../../ui/menu/disclosure';
import { displayNameOf, initials } from '../../ui/names';
import { productIdOf } from './product-id';

interface ProfileMenuProps {
  profile: Profile | undefined;
  legalHref: string | undefined;
}

export function ProfileMenu({ profile, legalHref }: ProfileMenuProps) {
  const { t } = useTranslation('portal');
  const { flags } = usePortalConfig();
  const { signOutTo } = useAuth();
  const session = useSession();
  // Without a profile (yet), the name and address the identity provider gave.
  const named = profile ?? sessionNamed(session.name);
  const name = displayNameOf(named);
  const email = profile?.email ?? session.email;
  const productId = productIdOf(profile);
  // Shown only to an account whose token carries an admin role; the services enforce the role.
  const roles = useAdminRoles();
  const admin = roles.length > 0;
  const showingKeys = useShowKeys(roles);
  return (
    <div data-testid="profile-menu">
      <DisclosureMenu
        align="end"
        buttonClassName="avatar-button"
        label={
          <>
            <span aria-hidden="true" translate="no">
              {named ? initials(named) : ''}
            </span>
            <span className="visually-hidden">{t('Header.Profile.Menu', { name })}</span>
          </>
        }
      >
        <div className="profile-card">
          <p className="profile-card__name" translate="no">
            {name}
          </p>
          {email ? (
            <p className="profile-card__email" translate="no">
              {email}
            </p>
          ) : null}
          {productId ? <p className="profile-card__id">{t('Header.Profile.ProductId', { id: productId })}</p> : null}
        </div>
        <ul className="menu__list">
          <li>
            <SmartLink href="/profile" className="menu__item">
              {t('Header.Profile.Profile')}
            </SmartLink>
          </li>
          <li>
            <SmartLink href="/account" className="menu__item">
              {t('Header.Profile.Account')}
            </SmartLink>
          </li>
          {flags.learningSystems ? (
            <li>
              <SmartLink href="/training-products" className="menu__item">
                {t('Header.Profile.TrainingProducts')}
              </SmartLink>
            </li>
          ) : null}
          {admin ? (
            <li>
              <SmartLink href="/admin" className="menu__item" data-testid="admin-entry">
                {t('Header.Profile.Admin')}
              </SmartLink>
            </li>
          ) : null}
          {mayShowKeys(roles) ? (
            <li>
              <button
                type="button"
                className="menu__item menu__item--button"
                aria-pressed={showingKeys}
                data-testid="show-keys-toggle"
                onClick={() => setShowKeys(!showingKeys)}
              >
                {t('Header.Profile.ShowKeys')}
              </button>
            </li>
          ) : null}
          <li>
            <button type="button" className="menu__item menu__item--button" onClick={() => void signOutTo('/')}>
              {t('Header.Profile.Logout')}
            </button>
          </li>
          {legalHref ? (
            <li>
              <SmartLink href={legalHref} className="menu__item menu__item--small">
                {t('Header.Profile.Legal')}
              </SmartLink>
            </li>
          ) : null}
        </ul>
      </DisclosureMenu>
    </div>
  );
}

/** A display name as first and last name ("Quinn Empty"), for the menu of an account without a profile. */
function sessionNamed(name: string | undefined): Pick<Profile, 'givenName'> | undefined {
  const parts = name?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (parts.length === 0) return undefined;
  return { givenName: { firstName: parts[0], lastName: parts.length > 1 ? parts[parts.length - 1] : '' } };
}
