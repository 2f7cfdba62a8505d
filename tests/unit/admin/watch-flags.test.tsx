// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { WatchFlags } from '../../../src/portal/admin/activity/watch-flags';
import type { RulesWatch } from '../../../src/portal/admin/api/rules-api';
import { configureApi } from '../../../src/portal/clients/client';
import { adminHarness } from './support';

// The watch's flags on the admin home (src/portal/admin/activity/watch-flags.tsx): a flagged version
// in force with its figures, and its roll back one action away (the reason filled in).

const watch: RulesWatch = {
  thresholdPoints: 2,
  updatedBy: null,
  updatedAt: null,
  lastRunAt: '2026-11-28T08:00:00.000Z',
  audit: [],
  flags: [
    {
      version: 3,
      flaggedAt: '2026-11-28T08:00:00.000Z',
      checkedAt: '2026-11-28T08:00:00.000Z',
      mailed: true,
      inForce: true,
      figures: [{ form: 'profile', field: 'primaryAddress/city', measure: 'rejections', before: 0.031, after: 0.084, points: 5.3, pValue: 1e-9 }],
    },
    { version: 1, flaggedAt: '2026-10-01T08:00:00.000Z', checkedAt: '2026-10-01T08:00:00.000Z', mailed: true, inForce: false, figures: [] },
  ],
};

let posted: Array<{ url: string; body: unknown }>;
beforeEach(() => {
  posted = [];
  configureApi({
    config: { services: { identity: '', entitlements: '', vendors: '' }, functionKey: 'k', functionKeyHeader: 'x-functions-key' },
    getToken: async () => 't',
    fetchImpl: (async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ number: 4 }), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify(watch), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch,
  });
});

it('shows the flagged version in force with its figures, and rolls it back with one press', async () => {
  const user = userEvent.setup();
  const { ui } = adminHarness(<WatchFlags inForceOnly />, { path: '/admin' });
  const { container } = render(ui);
  const flag = await screen.findByTestId('flag-3');
  expect(screen.queryByTestId('flag-1')).toBeNull();
  expect(within(flag).getByRole('link', { name: 'Version 3 got clearly worse' }).getAttribute('href')).toBe('/admin/rules/versions/3');
  expect(flag.textContent).toContain('Profile, primaryAddress/city: turned back at 3.1% of submit attempts before, 8.4% after');
  expect(within(flag).getByLabelText('Why roll back')).toHaveProperty('value', 'Version 3 got clearly worse for learners (the watch)');
  await user.click(within(flag).getByRole('button', { name: 'Roll back to version 2' }));
  await screen.findByText('Rolled back: version 4 is in force.');
  expect(posted).toEqual([{ url: '/api/admin/rules/versions/2/republish', body: { reason: 'Version 3 got clearly worse for learners (the watch)' } }]);
  const result = await axe.run(container, { runOnly: ['wcag2a', 'wcag2aa'], rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.map((v) => v.id)).toEqual([]);
});
