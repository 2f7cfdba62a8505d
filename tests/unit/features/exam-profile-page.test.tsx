// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExamProfilePage from '../../../src/portal/features/profile/exam-profile-page';
import { toCandidateBody } from '../../../src/portal/features/profile/api/create-candidate';
import { fakeApi, pageHarness, storedProfile } from './support';

describe('toCandidateBody', () => {
  const form = {
    email: 'learner@example.com',
    givenName: { firstName: 'Ada', lastName: 'Lovelace' },
    primaryAddress: { index: 0, address1: '1 Main St', city: 'Springfield', country: 'USA' },
    primaryPhoneNumber: { index: 0, countryCode: '1', phone: '2175550100', phonetype: 'Home' },
    secondaryPhoneNumber: { index: 1, countryCode: '1', phone: '', phonetype: 'Home' },
    mobilePhoneNumber: { countryCode: '1', phone: '2175550199', phonetype: 'Cellphone' },
    privacyPolicyAccepted: true,
  };

  it('renames the phones, drops the indexes and adds the id', () => {
    expect(toCandidateBody(form, 'profile-1')).toEqual({
      id: 'profile-1',
      email: 'learner@example.com',
      givenName: { firstName: 'Ada', lastName: 'Lovelace' },
      primaryAddress: { address1: '1 Main St', city: 'Springfield', country: 'USA' },
      phoneNumber: { countryCode: '1', phone: '2175550100', phonetype: 'Home' },
      mobilephoneNumber: { countryCode: '1', phone: '2175550199', phonetype: 'Cellphone' },
      privacyPolicyAccepted: true,
    });
  });

  it('sends the secondary phone only when it has a number', () => {
    const body = toCandidateBody({ ...form, secondaryPhoneNumber: { index: 1, countryCode: '1', phone: '2175550111', phonetype: 'Home' } } as typeof form, 'p');
    expect(body.secondaryPhoneNumber).toEqual({ countryCode: '1', phone: '2175550111', phonetype: 'Home' });
  });
});

describe('ExamProfilePage', () => {
  it('shows the legal name warning and creates the candidate with the docs/behaviour.md#calls body', async () => {
    const stored = storedProfile();
    const calls = fakeApi((call) =>
      call.method === 'POST' ? { body: { ...stored, externalIds: { pearsonVue: 'PV-100' } } } : { body: stored, headers: { etag: '"3"' } },
    );
    const { ui } = pageHarness(<ExamProfilePage />, { profile: stored, path: '/profile/pearson' });
    render(ui);

    expect(screen.getByText(/you will not be allowed to take the exam and you will not receive a refund/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toBeEnabled();
    const privacy = screen.getByLabelText<HTMLInputElement>(/I have read and accept the privacy policy/);
    if (!privacy.checked) await userEvent.click(privacy);
    await userEvent.click(screen.getByRole('button', { name: /Submit|Save/ }));

    await screen.findByText('Your exam profile was saved.');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/vendors/pearson/candidates');
    const body = post.body as Record<string, unknown>;
    expect(body.id).toBe('profile-1');
    expect(body.phoneNumber).toEqual({ countryCode: '1', phone: '2175550100', phonetype: 'Home' });
    expect(body).not.toHaveProperty('primaryPhoneNumber');
    expect(body).not.toHaveProperty('secondaryPhoneNumber');
    expect(body.privacyPolicyAccepted).toBe(true);
  });

  it('returns to the in-app returnto target once the candidate exists', async () => {
    const stored = storedProfile();
    const calls = fakeApi((call) => (call.method === 'POST' ? { body: { ...stored, externalIds: { pearsonVue: 'PV-7' } } } : { body: stored }));
    const { ui } = pageHarness(<ExamProfilePage />, { profile: stored, path: '/profile/pearson?returnto=/home' });
    render(ui);
    const privacy = screen.getByLabelText<HTMLInputElement>(/I have read and accept the privacy policy/);
    if (!privacy.checked) await userEvent.click(privacy);
    await userEvent.click(screen.getByRole('button', { name: /Submit|Save/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows the missing-field notice and sends nothing while the form is invalid', async () => {
    const calls = fakeApi(() => undefined);
    const { ui } = pageHarness(<ExamProfilePage />, { profile: storedProfile({ givenName: { firstName: '', lastName: '' } }), path: '/profile/pearson' });
    render(ui);
    await userEvent.click(screen.getByRole('button', { name: /Submit|Save/ }));
    expect(await screen.findByText(/Some required fields are missing or invalid/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('locks the legal name when a candidate id exists', () => {
    fakeApi(() => undefined);
    const { ui } = pageHarness(<ExamProfilePage />, { profile: storedProfile({ externalIds: { pearsonVue: 'PV-1' } }), path: '/profile/pearson' });
    render(ui);
    expect(screen.getByLabelText(/^First name/)).toBeDisabled();
    expect(screen.getByLabelText(/^Last name/)).toBeDisabled();
    expect(screen.getByText(/Your legal name is locked/)).toBeInTheDocument();
  });

  it('hides the citizen and birth fields of a minor', () => {
    fakeApi(() => undefined);
    const adult = pageHarness(<ExamProfilePage />, { profile: storedProfile(), path: '/profile/pearson' });
    const { unmount } = render(adult.ui);
    expect(screen.getByLabelText(/I am a US citizen/)).toBeInTheDocument();
    unmount();
    const minor = pageHarness(<ExamProfilePage />, { profile: storedProfile({ isMinor: true }), path: '/profile/pearson' });
    render(minor.ui);
    expect(screen.queryByLabelText(/I am a US citizen/)).toBeNull();
    expect(screen.queryByLabelText(/Birth month/)).toBeNull();
  });

  it('sends a blocked learner to / with the suspension notice', async () => {
    fakeApi(() => undefined);
    const { ui } = pageHarness(<ExamProfilePage />, { profile: storedProfile({ isBlocked: true }), path: '/profile/pearson', lang: 'ja' });
    render(ui);
    expect(await screen.findByText(/受験登録を停止されています/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByRole('button', { name: /送信|保存/ })).toBeNull();
  });
});
