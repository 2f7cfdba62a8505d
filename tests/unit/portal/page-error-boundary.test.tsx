// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from '../../../src/portal/app/shell/page-error-boundary';
import { initTestI18n } from './i18n-for-tests';

initTestI18n('en');

function Failing({ fail }: { fail: boolean }) {
  if (fail) throw new Error('chunk failed to load');
  return <p>page content</p>;
}

describe('PageErrorBoundary', () => {
  it('shows a message and a way to reload when a page fails, and tries again on another page', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <PageErrorBoundary path="/profile">
        <Failing fail />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toBeInTheDocument();
    rerender(
      <PageErrorBoundary path="/account">
        <Failing fail={false} />
      </PageErrorBoundary>,
    );
    expect(screen.getByText('page content')).toBeInTheDocument();
    quiet.mockRestore();
  });
});
