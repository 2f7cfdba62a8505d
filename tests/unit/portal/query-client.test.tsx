// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../src/portal/app/query-client';
import { PortalToaster } from '../../../src/portal/ui/toast/toast';
import { initTestI18n } from './i18n-for-tests';

beforeAll(() => {
  initTestI18n('en');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('query client', () => {
  it('shows the generic toast when a query fails, unless the query handles it itself', async () => {
    render(<PortalToaster />);
    const client = createQueryClient();
    const failing = () => Promise.reject({ message: 'down', statusCode: 503 });
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
