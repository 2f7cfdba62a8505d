// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import AdminRoom from '../../../src/portal/admin/admin-room';
import { createQueryClient } from '../../../src/portal/app/query-client';
import { ProfileMenu } from '../../../src/portal/app/shell/profile-menu';
import { SessionContext } from '../../../src/portal/clients/session';
import { AuthContext } from '../../../src/portal/auth/auth-context';
import { adminRolesOf } from '../../../src/portal/auth/roles';
import { PortalConfigContext } from '../../../src/portal/clients/config';
import { createFormsI18n } from '../../../src/portal/forms/i18n/create-forms-i18n';
import { portalConfig, storedProfile } from '../features/support';
import { adminHarness, authWith } from './support';

async function violations(container: HTMLElement) {
  const result = await axe.run(container, { runOnly: ['wcag2a', 'wcag2aa'], rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function renderRoom(path: string, roles: readonly string[] | null, lang: 'en' | 'ja' = 'en') {
  const { ui } = adminHarness(<AdminRoom />, { path, route: '/admin/*', roles: roles as never, lang });
  return render(ui);
}

describe('admin roles from the ID token', () => {
  it('takes the admin roles of the roles claim and nothing else', () => {
    expect(adminRolesOf({ idTokenClaims: { roles: ['product-owner'] } })).toEqual(['product-owner']);
    expect(adminRolesOf({ idTokenClaims: { roles: ['localisation', 'admin', 'product-owner'] } })).toEqual(['product-owner', 'localisation']);
    expect(adminRolesOf({ idTokenClaims: { roles: 'product-owner' } as never })).toEqual([]);
    expect(adminRolesOf({ idTokenClaims: {} })).toEqual([]);
    expect(adminRolesOf(null)).toEqual([]);
  });
});

describe('the admin area', () => {
  it('is not available to a learner, at any admin address, in English and Japanese', async () => {
    for (const path of ['/admin', '/admin/rules', '/admin/rules/profile', '/admin/gallery']) {
      const { unmount, container } = renderRoom(path, null);
      expect(screen.getByRole('heading', { level: 1, name: 'Not available' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Admin area' })).toBeNull();
      expect(await violations(container)).toEqual([]);
      unmount();
    }
    renderRoom('/admin', [], 'ja');
    expect(screen.getByRole('heading', { level: 1, name: '利用できません' })).toBeInTheDocument();
  });

  it('shows a product owner the rules and the gallery', async () => {
    const { container } = renderRoom('/admin', ['product-owner']);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin area' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin area' });
    expect(within(nav).getByRole('link', { name: 'Field rules' })).toHaveAttribute('href', '/admin/rules');
    expect(within(nav).getByRole('link', { name: 'Form gallery' })).toHaveAttribute('href', '/admin/gallery');
    expect(await violations(container)).toEqual([]);
  });

  it('keeps the rules and the gallery from the localisation role, and says so at their addresses', async () => {
    renderRoom('/admin', ['localisation']);
    expect(screen.getByRole('heading', { level: 2, name: 'Texts' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Field rules' })).toBeNull();
    renderRoom('/admin/rules', ['localisation']);
    expect(screen.getByRole('heading', { level: 1, name: 'Not available' })).toBeInTheDocument();
  });

  it('answers an unknown admin address in the room', async () => {
    renderRoom('/admin/nothing-here', ['product-owner']);
    expect(await screen.findByRole('heading', { level: 1, name: 'There is no such page in the admin area' })).toBeInTheDocument();
  });
});

describe("the header's profile menu", () => {
  function renderMenu(roles: readonly string[] | undefined) {
    render(
      <I18nextProvider i18n={createFormsI18n('en')}>
        <PortalConfigContext.Provider value={portalConfig()}>
          <QueryClientProvider client={createQueryClient()}>
            <AuthContext.Provider value={authWith(roles)}>
              <SessionContext.Provider value={{ accountId: 'a-1', email: 'learner@example.com' }}>
                <MemoryRouter>
                  <ProfileMenu profile={storedProfile()} legalHref={undefined} />
                </MemoryRouter>
              </SessionContext.Provider>
            </AuthContext.Provider>
          </QueryClientProvider>
        </PortalConfigContext.Provider>
      </I18nextProvider>,
    );
  }

  it.each([
    [undefined, false],
    [['learner'], false],
    [['product-owner'], true],
    [['localisation'], true],
  ] as const)('with roles %j shows the admin entry: %s', async (roles, shown) => {
    renderMenu(roles);
    await userEvent.click(screen.getByRole('button', { name: /Profile menu/ }));
    expect(screen.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    const entry = screen.queryByRole('link', { name: 'Admin area' });
    if (shown) expect(entry).toHaveAttribute('href', '/admin');
    else expect(entry).toBeNull();
  });
});
