// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { ScheduleDraft, ScheduleList } from '../../../src/portal/admin/rules/components/schedule';
import { configureApi } from '../../../src/portal/clients/client';
import { adminHarness } from './support';

// Publish on a date in the console (src/portal/admin/rules/components/schedule.tsx): a date, a time
// and a time zone by labelled controls, sent as the services take them; the list with its cancel.

const entry = {
  id: 'e1',
  kind: 'rules',
  action: 'publish',
  draftId: 'd1',
  version: null,
  at: '2026-12-01T09:00:00.000Z',
  localTime: '2026-12-01T09:00',
  timeZone: 'Europe/London',
  until: null,
  reason: 'launch',
  createdBy: 'o',
  createdAt: '2026-11-28T10:00:00.000Z',
  status: 'pending',
  doneAt: null,
  resultVersion: null,
  outcome: null,
};

let sent: Array<{ method: string; url: string; body?: unknown }>;
beforeEach(() => {
  sent = [];
  configureApi({
    config: { services: { identity: '', entitlements: '', vendors: '' }, functionKey: 'k', functionKeyHeader: 'x-functions-key' },
    getToken: async () => 't',
    fetchImpl: (async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      sent.push({ method, url, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      const body = method === 'POST' ? entry : { entries: [entry] };
      return new Response(JSON.stringify(body), { status: method === 'POST' ? 201 : 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch,
  });
});

it('schedules a draft at a date, a time and an IANA time zone, the zone chosen by keyboard', async () => {
  const user = userEvent.setup();
  const { ui } = adminHarness(<ScheduleDraft draftId="d1" disabled={false} />, { path: '/admin/rules/profile' });
  const { container } = render(ui);
  await user.click(screen.getByText('Publish on a date'));
  const at = screen.getByRole('group', { name: 'Publish at' });
  // jsdom has no date or time picker to type into: the value is set as the picker would.
  fireEvent.change(within(at).getByLabelText('Date'), { target: { value: '2026-12-01' } });
  fireEvent.change(within(at).getByLabelText('Time'), { target: { value: '09:00' } });
  await user.selectOptions(within(at).getByLabelText('Time zone'), 'Europe/London');
  await user.click(screen.getByRole('button', { name: 'Schedule the publish' }));
  await screen.findByText(/Scheduled for 2026-12-01T09:00 Europe\/London/);
  expect(sent).toEqual([
    { method: 'POST', url: '/api/admin/rules/drafts/d1/schedule', body: { at: { date: '2026-12-01', time: '09:00', timeZone: 'Europe/London' } } },
  ]);
  // The time-zone list's 400-odd options are text only (axe would spend seconds on each run over them);
  // the select itself, with its name, is checked.
  const result = await axe.run(
    { include: [container], exclude: [...container.querySelectorAll('option')] },
    { runOnly: ['wcag2a', 'wcag2aa'], rules: { 'color-contrast': { enabled: false } } },
  );
  expect(result.violations.map((v) => v.id)).toEqual([]);
});

it('lists pending work and cancels it', async () => {
  const user = userEvent.setup();
  const { ui } = adminHarness(<ScheduleList />, { path: '/admin/rules/versions' });
  render(ui);
  const pending = await screen.findByTestId('scheduled-pending');
  expect(pending.textContent).toContain('Publish a draft at 2026-12-01T09:00 Europe/London');
  await user.click(within(pending).getByRole('button', { name: 'Cancel' }));
  expect(sent.filter((s) => s.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '/api/admin/rules/schedule/e1' }]);
});
