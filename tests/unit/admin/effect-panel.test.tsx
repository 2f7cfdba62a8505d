// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { EffectPanel } from '../../../src/portal/admin/activity/effect-panel';
import type { VersionEffect } from '../../../src/portal/admin/api/rules-api';
import { DraftProvider } from '../../../src/portal/admin/rules/draft-state';
import { configureApi } from '../../../src/portal/clients/client';
import { adminHarness, filesFromDisk } from './support';

// The panel "What changed for learners" (src/portal/admin/activity/effect-panel.tsx): the services'
// figures (a stand-in answer of GET .../versions/:number/effect) as rates with their counts and
// 95 % ranges, the verdict in words, "too few" instead of a percentage, the window chooser.

const files = filesFromDisk();
const rate = (events: number, trials: number, low: number | null, high: number | null) => ({
  events,
  trials,
  rate: trials >= 30 ? events / trials : null,
  low,
  high,
});
const answer = (days: number): VersionEffect => ({
  version: 4,
  publishedAt: '2026-10-01T10:00:00.000Z',
  endedAt: null,
  days,
  maxDays: 40,
  before: { from: '2026-09-17', to: '2026-09-30' },
  after: { from: '2026-10-02', to: '2026-10-15' },
  minTrials: 30,
  confidence: 0.95,
  significance: 0.05,
  forms: [
    {
      form: 'profile',
      opened: { before: 1680, after: 1680 },
      submitAttempts: { before: 1400, after: 1400 },
      abandoned: {
        before: rate(168, 1680, 0.087, 0.115),
        after: rate(182, 1680, 0.094, 0.124),
        difference: 0.0083,
        pValue: 0.42,
        verdict: 'no-clear-difference',
      },
      saved: { before: rate(1260, 1680, 0.729, 0.77), after: rate(1190, 1680, 0.686, 0.729), difference: -0.0417, pValue: 0.005, verdict: 'worse' },
      fields: [
        {
          field: 'primaryAddress/city',
          rejections: { before: rate(42, 1400, 0.0223, 0.0403), after: rate(112, 1400, 0.0669, 0.0954), difference: 0.05, pValue: 1e-9, verdict: 'worse' },
          keys: [
            {
              key: 'Validation.MaxLength',
              rejections: { before: rate(0, 1400, 0, 0.0027), after: rate(70, 1400, 0.0397, 0.0628), difference: 0.05, pValue: 1e-12, verdict: 'worse' },
            },
          ],
        },
      ],
    },
    {
      form: 'exam',
      opened: { before: 3, after: 2 },
      submitAttempts: { before: 2, after: 1 },
      abandoned: { before: rate(0, 3, null, null), after: rate(1, 2, null, null), difference: null, pValue: null, verdict: 'too-few' },
      saved: { before: rate(0, 0, null, null), after: rate(0, 0, null, null), difference: null, pValue: null, verdict: 'too-few' },
      fields: [
        {
          field: 'primaryAddress/city',
          rejections: { before: rate(0, 2, null, null), after: rate(1, 1, null, null), difference: null, pValue: null, verdict: 'too-few' },
          keys: [],
        },
      ],
    },
  ],
});

let asked: string[];
beforeEach(() => {
  asked = [];
  configureApi({
    config: { services: { identity: '', entitlements: '', vendors: '' }, functionKey: 'k', functionKeyHeader: 'x-functions-key' },
    getToken: async () => 't',
    fetchImpl: (async (url: string) => {
      asked.push(url);
      const days = Number(new URL(url, 'http://portal').searchParams.get('days') ?? 14);
      return new Response(JSON.stringify(answer(days)), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch,
  });
});

function renderPanel(lang: 'en' | 'ja' = 'en') {
  const { ui } = adminHarness(
    <DraftProvider published={files} base={files}>
      <EffectPanel number={4} />
    </DraftProvider>,
    { path: '/admin/rules/versions/4', route: '/admin/rules/versions/:number', lang },
  );
  return render(ui);
}

describe('what changed for learners', () => {
  it('shows each rate with its count and 95 % range, and the verdict in words', async () => {
    renderPanel();
    const city = await screen.findByTestId('effect-profile-primaryAddress/city');
    const cells = within(city).getAllByRole('cell');
    expect(cells[0]!.textContent).toContain('3.0% (42 of 1400)');
    expect(cells[0]!.textContent).toContain('95 % range 2.2% to 4.0%');
    expect(cells[1]!.textContent).toContain('8.0% (112 of 1400)');
    expect(cells[2]!.textContent).toContain('clearly worse');
    expect(cells[2]!.textContent).toContain('+5 points');
    expect(within(screen.getByTestId('effect-profile-abandoned')).getAllByRole('cell')[2]!.textContent).toContain('no clear difference');
    expect(within(screen.getByTestId('effect-profile-saved')).getAllByRole('cell')[2]!.textContent).toContain('clearly worse');
    expect(screen.getByRole('region', { name: 'What changed for learners' }).textContent).toContain('p < 0.05');
    // A message key's row names the key and the text learners read.
    const key = screen.getByTestId('effect-profile-primaryAddress/city-Validation.MaxLength');
    expect(within(key).getByRole('rowheader').textContent).toBe('… with Validation.MaxLength (“Exceeds maximum length”)');
  });

  it('says "too few" instead of a percentage below the minimum', async () => {
    renderPanel();
    const row = await screen.findByTestId('effect-exam-primaryAddress/city');
    expect(row.textContent).toContain('too few (2 of at least 30)');
    expect(row.textContent).toContain('too few attempts to tell');
    expect(row.textContent).not.toMatch(/%\s*\(/);
  });

  it('takes another window from the chooser, by keyboard', async () => {
    const user = userEvent.setup();
    renderPanel();
    await screen.findByTestId('effect-profile-abandoned');
    const chooser = screen.getByLabelText('Days in each window');
    chooser.focus();
    await user.selectOptions(chooser, '30');
    await screen.findByText(/Default/);
    expect(asked.at(-1)).toContain('days=30');
    expect(asked[0]).not.toContain('days=');
  });

  it('speaks Japanese, and has no axe violations', async () => {
    const { container } = renderPanel('ja');
    await screen.findByTestId('effect-profile-abandoned');
    expect(container.textContent).toContain('明らかに悪化');
    const result = await axe.run(container, { runOnly: ['wcag2a', 'wcag2aa'], rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });
});
