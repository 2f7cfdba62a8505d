// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../src/portal/app/query-client';
import { type PortalConfig, PortalConfigContext } from '../../../src/portal/clients/config';
import { homeKeys } from '../../../src/portal/features/home/api/query-keys';
import { TrainingCard } from '../../../src/portal/features/home/components/training-card';
import type { Entitlement } from '../../../src/portal/features/home/entitlement-activity';
import { initTestI18n } from './i18n-for-tests';

beforeAll(() => {
  initTestI18n('en');
});

const config = (learningSystems: boolean) =>
  ({
    flags: { certmetrics: true, learningSystems, odp: true, pearson: true, privo: true },
    links: { store: 'https://shop.example', contactSupport: 'https://help.example/contact' },
  }) as unknown as PortalConfig;

function renderCard(entitlements: Entitlement[], learningSystems = true) {
  const client = createQueryClient();
  client.setQueryData(homeKeys.entitlements('p1'), entitlements);
  return render(
    <PortalConfigContext.Provider value={config(learningSystems)}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <TrainingCard profileId="p1" />
        </MemoryRouter>
      </QueryClientProvider>
    </PortalConfigContext.Provider>,
  );
}

describe('access-your-training card', () => {
  it('lists only active products, newest redemption first, with vendor names', () => {
    renderCard([
      { id: 1, vendor: 'canvas', product: { title: 'Old course' }, redemptionDate: '2020-01-01', expirationDate: '2021-01-01' },
      { id: 2, vendor: 'pearsonVue', product: { title: 'Voucher' }, redemptionDate: '2026-01-01', expirationDate: '2099-01-01' },
      { id: 3, vendor: 'benchPrep', product: { title: 'Prep' } },
      { id: 4, vendor: 'zendesk', product: { productTitle: 'Support' }, redemptionDate: '2026-06-01', expirationDate: '2099-06-01' },
    ]);
    const items = within(screen.getByTestId('active-products')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.product__title')?.textContent)).toEqual(['Support', 'Voucher', 'Prep']);
    expect(items[1]).toHaveTextContent('Pearson VUE · Expires 2099-JAN-01');
    expect(items[0]).toHaveTextContent('Expires 2099-JUN-01');
    expect(items[0]).not.toHaveTextContent('·');
    expect(screen.queryByText('Old course')).toBeNull();
  });

  it('offers the store when nothing is owned', () => {
    renderCard([{ id: 1, vendor: 'canvas', product: { title: 'Old' }, expirationDate: '2001-01-01' }]);
    expect(screen.getByText('You do not have any active training products yet.')).toBeInTheDocument();
    const store = screen.getByRole('link', { name: 'Browse the store' });
    expect(store).toHaveAttribute('href', 'https://shop.example');
    expect(store).toHaveAttribute('target', '_blank');
  });

  it('shows coming-soon text and a browse link when the learning-systems flag is off', () => {
    renderCard([{ id: 2, vendor: 'canvas', product: { title: 'Active' }, expirationDate: '2099-01-01' }], false);
    expect(screen.getByText('Your training products will appear here soon.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse training' })).toBeInTheDocument();
    expect(screen.queryByTestId('active-products')).toBeNull();
  });

  it('always has the redeem button and the missing-courses helper', () => {
    renderCard([]);
    expect(screen.getByRole('button', { name: 'Redeem access key' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'https://help.example/contact');
  });
});
