// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../src/portal/app/query-client';
import { cmpRoleQueryOptions } from '../../../src/portal/clients/cmp-role';
import { profileQueryOptions } from '../../../src/portal/clients/profile';
import { announcementsQueryOptions } from '../../../src/portal/clients/announcements';
import { entitlementsQueryOptions } from '../../../src/portal/clients/entitlements';
import { PortalToaster } from '../../../src/portal/ui/toast/toast';
import { initTestI18n } from './i18n-for-tests';

beforeAll(async () => {
  initTestI18n('en');
  // The toast library is a chunk loaded after the first paint; a cold import in a busy test run can
  // take longer than findBy waits.
  await import('sonner');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('query client', () => {
  it('shows the generic toast when a query fails, unless the query handles it itself', async () => {
    render(<PortalToaster />);
    const client = createQueryClient();
    const failing = () => Promise.reject({ message: 'down', statusCode: 500 });
    await client.fetchQuery({ queryKey: ['silent'], queryFn: failing, meta: { silentError: true } }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('An unexpected error ocurred. Please try again later.')).toBeNull();
    await client.fetchQuery({ queryKey: ['loud'], queryFn: failing }).catch(() => undefined);
    expect(await screen.findByText('An unexpected error ocurred. Please try again later.')).toBeInTheDocument();
  });

  it('never retries and keeps data fresh', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults).toMatchObject({ retry: false, refetchOnWindowFocus: false, staleTime: Infinity });
  });
});

describe('query defaults', () => {
  // Every query the portal runs, built as the endpoint files build them.
  const queries = {
    profile: profileQueryOptions('account-1'),
    cmpRole: cmpRoleQueryOptions('profile-1'),
    announcements: announcementsQueryOptions('en'),
    entitlements: entitlementsQueryOptions('profile-1'),
  };
  const DEFAULTED = ['staleTime', 'gcTime', 'retry', 'retryDelay', 'refetchOnWindowFocus', 'refetchOnMount', 'refetchOnReconnect'];

  it.each(Object.entries(queries))('the %s query takes the client defaults instead of repeating them', (_name, options) => {
    expect(Object.keys(options).filter((key) => DEFAULTED.includes(key))).toEqual([]);
  });
});
