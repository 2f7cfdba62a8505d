// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import ExploreRoute from '../../../src/portal/app/pages/explore';
import type { PortalFlags, PortalLinks } from '../../../src/portal/clients/config';
import { type Entitlement, entitlementKeys } from '../../../src/portal/clients/entitlements';
import HomePage from '../../../src/portal/features/home/home-page';
import { fakeApi, pageHarness, storedProfile } from './support';

afterEach(cleanup);

const LINKS: PortalLinks = {
  store: 'https://shop.example',
  contactSupport: 'https://support.example/requests/new',
  community: 'https://support.example/community',
  certification: { home: 'https://www.example/certifications', continuingEducation: 'https://www.example/ce', verify: 'https://verify.example' },
};

const entitlements: Entitlement[] = [
  { id: '1', vendor: 'canvas', product: { title: 'Linux Course' }, redemptionDate: '2026-01-01', expirationDate: '2099-01-01' },
  { id: '2', vendor: 'gutenberg', product: { title: 'Networking eBook' }, redemptionDate: '2025-01-01', expirationDate: '2099-01-01' },
  { id: '3', vendor: 'canvas', product: { title: 'Old Course' }, redemptionDate: '2019-01-01', expirationDate: '2020-01-01' },
];

function renderExplore({ lang = 'en', flags, links = LINKS }: { lang?: 'en' | 'ja'; flags?: Partial<PortalFlags>; links?: PortalLinks } = {}) {
  const profile = storedProfile();
  fakeApi((call) => (call.url.endsWith('/entitlements') ? { body: entitlements } : undefined));
  const harness = pageHarness(<ExploreRoute />, { profile, path: '/explore', lang, flags, config: { links } });
  harness.queryClient.setQueryData(entitlementKeys.ofProfile(profile.id), entitlements);
  return render(harness.ui);
}

const section = (name: string) => screen.getByRole('region', { name });

describe('explore launchpad', () => {
  it("lists the learner's active products, each with its launch button, and the redeem button", () => {
    renderExplore();
    expect(screen.getByRole('heading', { level: 1, name: 'Explore' })).toBeInTheDocument();
    const training = section('Your training');
    expect(within(training).getByRole('button', { name: 'Redeem access key' })).toBeInTheDocument();
    const launches = within(training).getAllByRole('button', { name: /^Open / });
    expect(launches.map((b) => b.getAttribute('aria-label'))).toEqual(['Open Linux Course', 'Open Networking eBook']);
    expect(within(training).queryByText('Old Course')).toBeNull();
  });

  it('offers the exam actions; without an exam-delivery id they lead to that form first', () => {
    renderExplore();
    const exams = section('Exams');
    expect(within(exams).getByRole('link', { name: 'Schedule Exam' })).toHaveAttribute('href', '/profile/pearson');
    expect(within(exams).getByRole('link', { name: 'Manage Exams' })).toHaveAttribute('href', '/profile/pearson');
  });

  it('with the certmetrics flag, the certification tracker is the embedded routes (and the verification site)', () => {
    renderExplore();
    const links = within(section('Certifications')).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/certification/certifications',
      '/certification/continuing-education',
      'https://verify.example',
    ]);
    expect(links[0]).not.toHaveAttribute('target');
  });

  it('links the certification tracker, the help centre through /help, contact and community, and the store', () => {
    renderExplore({ flags: { certmetrics: false } });
    const certification = section('Certifications');
    const mine = within(certification).getByRole('link', { name: 'My certifications (opens in a new tab)' });
    expect(mine).toHaveAttribute('href', 'https://www.example/certifications');
    expect(mine).toHaveAttribute('target', '_blank');
    expect(
      within(certification)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['https://www.example/certifications', 'https://www.example/ce', 'https://verify.example']);
    const help = section('Help and support');
    const helpCenter = within(help).getByRole('link', { name: 'Help Center' });
    expect(helpCenter).toHaveAttribute('href', '/help');
    expect(helpCenter).not.toHaveAttribute('target');
    expect(within(help).getAllByRole('link')).toHaveLength(3);
    expect(within(section('Store')).getByRole('link', { name: 'Browse the store (opens in a new tab)' })).toHaveAttribute('href', 'https://shop.example');
  });

  it('leaves out what is not configured or switched off', () => {
    renderExplore({ flags: { learningSystems: false, pearson: false, certmetrics: false }, links: {} });
    expect(screen.queryByRole('region', { name: 'Exams' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Store' })).toBeNull();
    expect(within(section('Certifications')).queryAllByRole('link')).toHaveLength(0);
    expect(
      within(section('Help and support'))
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/help']);
    const training = section('Your training');
    expect(within(training).getByText(/Your training products will appear here soon/)).toBeInTheDocument();
    expect(within(training).queryByRole('list')).toBeNull();
  });

  it('speaks Japanese', () => {
    renderExplore({ lang: 'ja' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('サービス一覧');
    expect(within(section('あなたのトレーニング')).getByRole('button', { name: 'Linux Course を開く' })).toBeInTheDocument();
    expect(within(section('認定資格')).getByRole('link', { name: 'マイ認定資格' })).toHaveAttribute('href', '/certification/certifications');
    expect(within(section('ヘルプとサポート')).getByRole('link', { name: 'ヘルプセンター' })).toHaveAttribute('href', '/help');
    expect(within(section('試験')).getByRole('link', { name: '試験を予約する' })).toBeInTheDocument();
  });
});

describe('the way to the launchpad', () => {
  it('is a link under the welcome heading on home, in English and Japanese', async () => {
    fakeApi(() => ({ body: [] }));
    render(pageHarness(<HomePage />, { profile: storedProfile(), path: '/home' }).ui);
    const link = screen.getByRole('link', { name: 'Explore everything in one place' });
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/explore');
    cleanup();
    render(pageHarness(<HomePage />, { profile: storedProfile(), path: '/home', lang: 'ja' }).ui);
    expect(screen.getByRole('link', { name: 'すべてのサービスを一か所で見る' })).toHaveAttribute('href', '/explore');
  });
});
