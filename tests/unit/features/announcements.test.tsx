// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Announcement, announcementKeys } from '../../../src/portal/clients/announcements';
import AnnouncementsPage from '../../../src/portal/features/announcements/announcements-page';
import { Announcements } from '../../../src/portal/features/home/components/announcements';
import { type Call, fakeApi, pageHarness, storedProfile } from './support';

const english: Announcement[] = [
  { id: 'welcome-en', heading: 'Welcome to the new portal', message: 'Manage your profile.\nAnd your exams.' },
  { id: 'maintenance-en', heading: 'Scheduled maintenance', message: 'Sunday 02:00 to 04:00 UTC.\nPlan ahead.' },
];
const japanese: Announcement[] = [{ id: 'welcome-ja', heading: '新しいポータルへようこそ', message: '一行目\n二行目' }];

type Answer = ReturnType<Parameters<typeof fakeApi>[0]>;

function renderPage(element: React.ReactNode, { lang = 'en', answer }: { lang?: 'en' | 'ja'; answer: (call: Call) => Answer }) {
  const calls = fakeApi((call) => (call.url.startsWith('/api/announcements/') ? answer(call) : undefined));
  const harness = pageHarness(element, { profile: storedProfile(), path: '/announcements', lang });
  return { ...render(harness.ui), calls, harness };
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('announcements page', () => {
  it('asks for the UI language and shows every announcement under its own heading, line breaks kept', async () => {
    const { calls } = renderPage(<AnnouncementsPage />, { answer: () => ({ body: english }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Announcements' })).toBeInTheDocument();
    const list = await screen.findByTestId('announcement-list');
    expect(calls.map((c) => c.url)).toEqual(['/api/announcements/?language=en']);
    const articles = within(list).getAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading', { level: 2 }).textContent)).toEqual(['Welcome to the new portal', 'Scheduled maintenance']);
    expect(articles[0]).toHaveAccessibleName('Welcome to the new portal');
    const message = articles[0]!.querySelector('p')!;
    expect(message.textContent).toBe('Manage your profile.\nAnd your exams.');
    expect(message).toHaveClass('announcement__message');
  });

  it('shows a skeleton while loading', () => {
    renderPage(<AnnouncementsPage />, { answer: () => ({ body: english }) });
    expect(screen.getByText('Loading…').closest('[role="status"]')).toHaveClass('skeleton');
    expect(screen.queryByTestId('announcement-list')).toBeNull();
  });

  it('says so when there are none', async () => {
    renderPage(<AnnouncementsPage />, { answer: () => ({ body: [] }) });
    expect(await screen.findByText('There are no announcements right now.')).toBeInTheDocument();
    expect(screen.queryByTestId('announcement-list')).toBeNull();
  });

  it('shows the generic toast and a line saying the list is missing when the service fails', async () => {
    renderPage(<AnnouncementsPage />, { answer: () => ({ status: 500, body: { message: 'down', statusCode: 500 } }) });
    expect(await screen.findByText('An unexpected error ocurred. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('The announcements could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('There are no announcements right now.')).toBeNull();
  });

  it('speaks Japanese and asks for Japanese announcements', async () => {
    const { calls } = renderPage(<AnnouncementsPage />, { lang: 'ja', answer: () => ({ body: japanese }) });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('お知らせ');
    expect(await screen.findByRole('heading', { level: 2, name: '新しいポータルへようこそ' })).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/announcements/?language=ja');
  });

  it('shows the Japanese empty and error texts', async () => {
    renderPage(<AnnouncementsPage />, { lang: 'ja', answer: () => ({ body: [] }) });
    expect(await screen.findByText('現在お知らせはありません。')).toBeInTheDocument();
    cleanup();
    renderPage(<AnnouncementsPage />, { lang: 'ja', answer: () => ({ status: 500, body: { message: 'x', statusCode: 500 } }) });
    expect(await screen.findByText('お知らせを読み込めませんでした。')).toBeInTheDocument();
  });
});

describe("the home page's announcements section", () => {
  it('links to the announcements page', async () => {
    renderPage(<Announcements />, { answer: () => ({ body: english }) });
    const link = await screen.findByRole('link', { name: 'See all announcements' });
    expect(link).toHaveAttribute('href', '/announcements');
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/announcements');
  });

  it('links in Japanese too, and shares the cached list with the page', async () => {
    const { harness } = renderPage(<Announcements />, { lang: 'ja', answer: () => ({ body: japanese }) });
    expect(await screen.findByRole('link', { name: 'すべてのお知らせを見る' })).toBeInTheDocument();
    expect(harness.queryClient.getQueryData(announcementKeys.ofLanguage('ja'))).toEqual(japanese);
  });
});
