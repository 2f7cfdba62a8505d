// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HomePage from '../../../src/portal/features/home/home-page';
import { OnboardingCards } from '../../../src/portal/features/onboarding/components/onboarding-cards';
import { dismissalKey, resetOnboardingMemory } from '../../../src/portal/features/onboarding/dismissal';
import { ACCOUNT_ID, fakeApi, pageHarness, storedProfile } from './support';

function renderHome({ lang = 'en', accountId = ACCOUNT_ID }: { lang?: 'en' | 'ja'; accountId?: string } = {}) {
  fakeApi((call) => (call.url.startsWith('/api/announcements/') ? { body: [] } : undefined));
  const page = <HomePage onboarding={(focusAfterClose) => <OnboardingCards onClosed={focusAfterClose} />} />;
  return render(pageHarness(page, { profile: storedProfile(), path: '/home', lang, accountId }).ui);
}

const region = (name: string | RegExp) => screen.queryByRole('region', { name });

beforeEach(() => {
  localStorage.clear();
  resetOnboardingMemory();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('onboarding cards', () => {
  it('greet a first visit with three cards, secure, connected and simple, each under a heading', () => {
    renderHome();
    const cards = region('Getting started')!;
    expect(cards).toBeInTheDocument();
    const items = within(cards).getAllByRole('listitem');
    expect(items.map((item) => item.dataset.theme)).toEqual(['secure', 'connected', 'simple']);
    expect(
      within(cards)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Your account is protected', 'One sign-in for everything', 'Start learning in minutes']);
    expect(items[2]).toHaveTextContent('Redeem an access key');
  });

  it('sit above the home cards, under the welcome heading', () => {
    renderHome();
    const cards = region('Getting started')!;
    const heading = screen.getByRole('heading', { level: 1 });
    const exams = screen.getByRole('region', { name: 'Exams' });
    expect(heading.compareDocumentPosition(cards) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(cards.compareDocumentPosition(exams) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('close from the keyboard for good: focus goes to the welcome heading, and a remount shows none', async () => {
    const first = renderHome();
    const close = screen.getByRole('button', { name: 'Hide these tips' });
    close.focus();
    await userEvent.keyboard('{Enter}');
    expect(region('Getting started')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(localStorage.getItem(dismissalKey(ACCOUNT_ID))).not.toBeNull();
    first.unmount();
    // A new page load forgets what the module held in memory; only the stored mark remains.
    resetOnboardingMemory();
    renderHome();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(region('Getting started')).toBeNull();
  });

  it('are dismissed per account: another account on the same browser still sees them', async () => {
    renderHome();
    await userEvent.click(screen.getByRole('button', { name: 'Hide these tips' }));
    cleanup();
    renderHome({ accountId: 'account-2' });
    expect(region('Getting started')).toBeInTheDocument();
    expect(localStorage.getItem(dismissalKey('account-2'))).toBeNull();
  });

  it('stay closed for the page when the browser refuses storage', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('refused', 'QuotaExceededError');
    });
    const first = renderHome();
    await userEvent.click(screen.getByRole('button', { name: 'Hide these tips' }));
    expect(region('Getting started')).toBeNull();
    first.unmount();
    renderHome();
    expect(region('Getting started')).toBeNull();
  });

  it('speak Japanese', async () => {
    renderHome({ lang: 'ja' });
    const cards = region('はじめに')!;
    expect(
      within(cards)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['アカウントは保護されています', 'ひとつのサインインですべてに', '数分で学習を始められます']);
    expect(within(cards).getByText('安全')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'このヒントを閉じる' }));
    expect(region('はじめに')).toBeNull();
  });
});
