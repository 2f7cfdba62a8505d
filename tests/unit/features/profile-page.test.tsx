// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProfilePage from '../../../src/portal/features/profile/profile-page';
import { profileKeys } from '../../../src/portal/clients/profile';
import { ACCOUNT_ID, fakeApi, pageHarness, storedProfile } from './support';

describe('ProfilePage', () => {
  it('sends the docs/behaviour.md#calls patch with If-Match and shows the saved profile', async () => {
    const stored = storedProfile();
    const saved = { ...stored, addresses: [{ ...stored.addresses![0], city: 'Chicago' }] };
    const calls = fakeApi((call) => (call.method === 'PATCH' ? { body: saved, headers: { etag: '"2"' } } : undefined));
    const { ui, queryClient } = pageHarness(<ProfilePage />, { profile: stored, etag: '"1"', path: '/profile' });
    render(ui);

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const city = screen.getByLabelText(/^City/);
    await userEvent.clear(city);
    await userEvent.type(city, 'Chicago');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Your profile has been updated.');
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe('/api/profiles/profile-1');
    expect(patch.headers.get('if-match')).toBe('"1"');
    expect(patch.body).toEqual([{ op: 'replace', path: '/addresses/0/city', value: 'Chicago' }]);
    expect(queryClient.getQueryData(profileKeys.account(ACCOUNT_ID))).toEqual({ profile: saved, etag: '"2"' });
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('keeps the input and shows the field error, and no toast, when the service refuses', async () => {
    const calls = fakeApi((call) =>
      call.method === 'PATCH'
        ? { status: 400, body: { message: 'Bad Request', statusCode: 400, errors: [{ path: '/primaryAddress/city', key: 'Validation.InvalidCity' }] } }
        : undefined,
    );
    const { ui, queryClient } = pageHarness(<ProfilePage />, { profile: storedProfile(), path: '/profile' });
    render(ui);

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const city = screen.getByLabelText(/^City/);
    await userEvent.clear(city);
    await userEvent.type(city, 'Gotham');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Invalid city')).toBeInTheDocument();
    // An answer the form understands is said at its field only: no generic toast (it would load by now).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('An unexpected error ocurred. Please try again later.')).toBeNull();
    expect(screen.getByLabelText(/^City/)).toHaveValue('Gotham');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    const cached = queryClient.getQueryData<{ profile: { addresses: { city: string }[] } }>(profileKeys.account(ACCOUNT_ID));
    expect(cached?.profile.addresses[0]?.city).toBe('Springfield');
  });

  it('sends an emptied text field as an empty value', async () => {
    const stored = storedProfile();
    const calls = fakeApi((call) => (call.method === 'PATCH' ? { body: { ...stored, company: '' }, headers: { etag: '"2"' } } : undefined));
    const { ui } = pageHarness(<ProfilePage />, { profile: stored, path: '/profile' });
    render(ui);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText(/^Company/));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual([{ op: 'replace', path: '/company', value: '' }]);
  });

  it('after a 412 reads the profile again and saves the kept input with the new ETag', async () => {
    const stored = storedProfile();
    const changedElsewhere = { ...stored, company: 'Changed Elsewhere' };
    let patches = 0;
    const calls = fakeApi((call) => {
      if (call.method === 'GET') return { body: changedElsewhere, headers: { etag: '"5"' } };
      patches += 1;
      if (patches === 1) return { status: 412, body: { message: 'The resource changed since it was read.', statusCode: 412 } };
      return { body: { ...changedElsewhere, addresses: [{ ...stored.addresses![0], city: 'Peoria' }] }, headers: { etag: '"6"' } };
    });
    const { ui } = pageHarness(<ProfilePage />, { profile: stored, etag: '"1"', path: '/profile' });
    render(ui);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText(/^City/));
    await userEvent.type(screen.getByLabelText(/^City/), 'Peoria');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // A known status: the form says what happened, instead of the generic toast.
    expect(await screen.findByText(/Your profile was changed elsewhere in the meantime/)).toBeInTheDocument();
    expect(screen.queryByText('An unexpected error ocurred. Please try again later.')).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1));
    expect(screen.getByLabelText(/^City/)).toHaveValue('Peoria');
    // The change made elsewhere shows, and is not undone by the next save.
    await waitFor(() => expect(screen.getByLabelText(/^Company/)).toHaveValue('Changed Elsewhere'));

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your profile has been updated.');
    const second = calls.filter((c) => c.method === 'PATCH')[1]!;
    expect(second.headers.get('if-match')).toBe('"5"');
    expect(second.body).toEqual([{ op: 'replace', path: '/addresses/0/city', value: 'Peoria' }]);
  });

  it('Cancel puts back the stored data', async () => {
    fakeApi(() => undefined);
    const { ui } = pageHarness(<ProfilePage />, { profile: storedProfile(), path: '/profile' });
    render(ui);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const city = screen.getByLabelText(/^City/);
    await userEvent.clear(city);
    await userEvent.type(city, 'Elsewhere');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByLabelText(/^City/)).toHaveValue('Springfield'));
  });

  it('opens the form from the Edit at the top too; Cancel brings back read mode and the focus to that Edit', async () => {
    const calls = fakeApi(() => undefined);
    const { ui } = pageHarness(<ProfilePage />, { profile: storedProfile(), path: '/profile' });
    render(ui);
    const top = screen.getByRole('button', { name: 'Edit profile details' });
    expect(screen.getByRole('button', { name: 'Edit' })).not.toBe(top);
    await userEvent.click(top);
    const city = screen.getByLabelText(/^City/);
    expect(city).not.toHaveAttribute('readonly');
    await userEvent.clear(city);
    await userEvent.type(city, 'Elsewhere');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByLabelText(/^City/)).toHaveValue('Springfield'));
    expect(screen.getByLabelText(/^City/)).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Edit profile details' })).toHaveFocus();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('shows the guardian consent date of a minor when the privo flag is on', () => {
    fakeApi(() => undefined);
    const minor = storedProfile({ isMinor: true, consentApprovedDate: '2025-03-04T10:00:00Z' });
    const { ui } = pageHarness(<ProfilePage />, { profile: minor, path: '/profile' });
    render(ui);
    expect(screen.getByTestId('guardian-consent')).toHaveTextContent('2025-MAR-04');
  });

  it('hides the guardian consent note when the privo flag is off or for adults', () => {
    fakeApi(() => undefined);
    const minor = storedProfile({ isMinor: true, consentApprovedDate: '2025-03-04' });
    const off = pageHarness(<ProfilePage />, { profile: minor, path: '/profile', flags: { privo: false } });
    const { unmount } = render(off.ui);
    expect(screen.queryByTestId('guardian-consent')).toBeNull();
    unmount();
    const adult = pageHarness(<ProfilePage />, { profile: storedProfile({ consentApprovedDate: '2025-03-04' }), path: '/profile' });
    render(adult.ui);
    expect(screen.queryByTestId('guardian-consent')).toBeNull();
  });

  it('offers the exam profile link only without a Pearson VUE candidate id', () => {
    fakeApi(() => undefined);
    const { ui } = pageHarness(<ProfilePage />, { profile: storedProfile(), path: '/profile' });
    const { unmount } = render(ui);
    expect(screen.getByRole('link', { name: 'Complete your Pearson VUE exam profile' })).toHaveAttribute('href', '/profile/pearson');
    unmount();
    const withId = pageHarness(<ProfilePage />, { profile: storedProfile({ externalIds: { pearsonVue: 'PV1' } }), path: '/profile' });
    render(withId.ui);
    expect(screen.queryByRole('link', { name: 'Complete your Pearson VUE exam profile' })).toBeNull();
  });
});
