// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { type Entitlement, entitlementKeys } from '../../../src/portal/clients/entitlements';
import type { PortalFlags } from '../../../src/portal/clients/config';
import { TrainingCard } from '../../../src/portal/features/training/components/training-card';
import { TrainingProductsPage } from '../../../src/portal/features/training/training-products-page';
import { fakeApi, pageHarness, storedProfile } from './support';

afterEach(cleanup);

// jsdom has no layout: the tooltip's positioning asks for a ResizeObserver, which measures nothing here.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const item = (id: number, fields: Partial<Entitlement>): Entitlement => ({ id: String(id), vendor: 'canvas', product: {}, ...fields });

function renderWith(element: React.ReactNode, entitlements: Entitlement[] | undefined, options: { flags?: Partial<PortalFlags>; lang?: 'en' | 'ja' } = {}) {
  const profile = storedProfile();
  fakeApi((call) => (call.url.endsWith('/entitlements') ? { body: entitlements ?? [] } : undefined));
  const harness = pageHarness(element, { profile, path: '/training-products', ...options });
  if (entitlements) harness.queryClient.setQueryData(entitlementKeys.ofProfile(profile.id), entitlements);
  return render(harness.ui);
}

const titles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.product__title')?.firstChild?.textContent);

describe('access-your-training card', () => {
  it('lists only active products, newest redemption first, with vendor names', () => {
    renderWith(<TrainingCard profileId="profile-1" />, [
      item(1, { product: { title: 'Old course' }, redemptionDate: '2020-01-01', expirationDate: '2021-01-01' }),
      item(2, { vendor: 'pearsonVue', product: { title: 'Voucher' }, redemptionDate: '2026-01-01', expirationDate: '2099-01-01' }),
      item(3, { vendor: 'benchPrep', product: { title: 'Prep' } }),
      item(4, { vendor: 'zendesk', product: { productTitle: 'Support' }, redemptionDate: '2026-06-01', expirationDate: '2099-06-01' }),
    ]);
    const list = screen.getByTestId('active-products');
    expect(titles(list)).toEqual(['Support', 'Voucher', 'Prep']);
    const items = within(list).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('Pearson VUE · Expires 2099-JAN-01');
    expect(items[0]).toHaveTextContent('Expires 2099-JUN-01');
    expect(items[0]).not.toHaveTextContent('·');
    expect(screen.queryByText('Old course')).toBeNull();
  });

  it('offers the store when nothing active is owned', () => {
    renderWith(<TrainingCard profileId="profile-1" />, [item(1, { product: { title: 'Old' }, expirationDate: '2001-01-01' })], {});
    expect(screen.getByText('You do not have any training products yet.')).toBeInTheDocument();
    expect(screen.queryByText('Old')).toBeNull();
  });

  it('shows coming-soon text and no list when the learning-systems flag is off', () => {
    renderWith(<TrainingCard profileId="profile-1" />, [item(2, { product: { title: 'Active' }, expirationDate: '2099-01-01' })], {
      flags: { learningSystems: false },
    });
    expect(screen.getByText('Your training products will appear here soon.')).toBeInTheDocument();
    expect(screen.queryByTestId('active-products')).toBeNull();
  });

  it('places the redeem slot and opens the missing products modal', async () => {
    renderWith(<TrainingCard profileId="profile-1" redeem={<button type="button">Redeem slot</button>} />, []);
    expect(screen.getByRole('button', { name: 'Redeem slot' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Find out why' }));
    expect(await screen.findByRole('dialog', { name: 'A course is missing' })).toBeInTheDocument();
  });
});

describe('training-products page', () => {
  const entitlements = [
    item(1, { product: { title: 'Expired long ago' }, redemptionDate: '2019-01-01', expirationDate: '2020-01-01' }),
    item(2, { product: { title: 'Newest' }, redemptionDate: '2026-10-01', expirationDate: '2099-01-01', consentStatus: 'pending' }),
    item(3, { vendor: 'benchPrep', product: { title: 'BenchPrep without dates' } }),
    item(4, { product: { title: 'Expired lately' }, redemptionDate: '2024-01-01', expirationDate: '2025-06-30', migratedToProductTitle: 'New Edition' }),
    item(5, { product: { title: 'Older' }, redemptionDate: '2025-01-01', expirationDate: '2099-01-01', consentStatus: 'notRequired' }),
  ];

  it('lists active items (redemption date, newest first), then expired ones (expiration date, newest first)', () => {
    renderWith(<TrainingProductsPage />, entitlements);
    const list = screen.getByTestId('training-products');
    expect(titles(list)).toEqual(['Newest', 'Older', 'BenchPrep without dates', 'Expired lately', 'Expired long ago']);
    const states = within(list)
      .getAllByRole('listitem')
      .map((li) => li.dataset.state);
    expect(states).toEqual(['active', 'active', 'active', 'expired', 'expired']);
  });

  it('shows dates in yyyy-MMM-dd upper case, consent status by display name, and marks expired items', () => {
    renderWith(<TrainingProductsPage />, entitlements);
    const [newest, older, , expiredLately] = within(screen.getByTestId('training-products')).getAllByRole('listitem');
    expect(newest).toHaveTextContent('Redeemed 2026-OCT-01');
    expect(newest).toHaveTextContent('Expires 2099-JAN-01');
    expect(newest).toHaveTextContent('Consent: Pending');
    expect(older).toHaveTextContent('Consent: Not Required');
    expect(expiredLately).toHaveTextContent('Expired 2025-JUN-30');
    expect(within(expiredLately!).getByText('Expired')).toHaveClass('badge--expired');
  });

  it('gives launch buttons only to active items', () => {
    renderWith(<TrainingProductsPage launch={(e) => <button type="button">Launch {e.id}</button>} />, entitlements);
    const launches = screen.getAllByRole('button', { name: /^Launch / }).map((b) => b.textContent);
    expect(launches).toEqual(['Launch 2', 'Launch 5', 'Launch 3']);
  });

  it('names the migrated-to title in a tooltip that opens on keyboard focus', async () => {
    renderWith(<TrainingProductsPage />, entitlements);
    // The notice's tooltip code loads after the list has painted.
    const notice = await screen.findByRole('button', { name: /Moved to a new edition/ });
    expect(notice).toHaveAccessibleName('Moved to a new edition: This course is now available as New Edition.');
    await userEvent.tab();
    notice.focus();
    expect((await screen.findByRole('tooltip')).textContent).toContain('This course is now available as New Edition.');
  });

  it('shows the browse-store button when there is nothing, and Japanese texts in Japanese', () => {
    renderWith(<TrainingProductsPage />, [], { lang: 'ja' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('マイトレーニング製品');
    expect(screen.getByText('トレーニング製品はまだありません。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'お困りですか？' })).toBeInTheDocument();
  });

  it('shows skeletons while the list loads', () => {
    renderWith(<TrainingProductsPage />, undefined);
    const loading = screen.getAllByRole('status').filter((el) => el.classList.contains('skeleton'));
    expect(loading).toHaveLength(1);
    expect(loading[0]).toHaveTextContent('Loading');
    expect(screen.queryByTestId('training-products')).toBeNull();
  });
});
