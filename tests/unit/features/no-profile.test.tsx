// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfileRequired } from '../../../src/portal/app/shell/profile-required';
import { fetchProfile, profileKeys } from '../../../src/portal/clients/profile';
import ProfilePage from '../../../src/portal/features/profile/profile-page';
import { ACCOUNT_ID, fakeApi, pageHarness, storedProfile } from './support';

// An account without a profile: the profile query reads the service's 204 as a state, pages that
// need a profile give way to the page that says so, and the profile page creates it.
describe('an account without a profile', () => {
  it('reads the 204 of the profile lookup as "no profile" (a 2xx: the browser logs nothing), and a failure as a failure', async () => {
    fakeApi(() => ({ status: 204 }));
    await expect(fetchProfile(ACCOUNT_ID)).resolves.toEqual({ profile: null, etag: null });
    // A service of the release before (during a rolling restart) still answers 404.
    fakeApi(() => ({ status: 404, body: { message: 'Profile not found.', statusCode: 404 } }));
    await expect(fetchProfile(ACCOUNT_ID)).resolves.toEqual({ profile: null, etag: null });
    fakeApi(() => ({ status: 503, body: { message: 'Unavailable', statusCode: 503 } }));
    await expect(fetchProfile(ACCOUNT_ID)).rejects.toMatchObject({ statusCode: 503 });
  });

  it('shows the page that says what is missing and leads to creating it, instead of a page that needs one', async () => {
    fakeApi(() => undefined);
    const { ui } = pageHarness(
      <ProfileRequired>
        <p>home</p>
      </ProfileRequired>,
      { profile: null, path: '/home', email: 'noprofile@example.com' },
    );
    render(ui);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile is not set up yet' })).toBeInTheDocument();
    expect(screen.getByText(/You are signed in as noprofile@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByText('home')).toBeNull();
  });

  it('shows the page itself when there is a profile', () => {
    fakeApi(() => undefined);
    const { ui } = pageHarness(
      <ProfileRequired>
        <p>home</p>
      </ProfileRequired>,
      { profile: storedProfile(), path: '/home' },
    );
    render(ui);
    expect(screen.getByText('home')).toBeInTheDocument();
  });

  it('creates the profile from the profile form, and the page then shows it', async () => {
    const created = storedProfile({ email: 'noprofile@example.com' });
    const calls = fakeApi((call) => (call.method === 'POST' ? { status: 201, body: created, headers: { etag: '"1"' } } : undefined));
    const { ui, queryClient } = pageHarness(<ProfilePage />, { profile: null, path: '/profile', email: 'noprofile@example.com' });
    render(ui);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your profile' })).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText(/^First name/), 'Quinn');
    await userEvent.type(screen.getByLabelText(/^Last name/), 'Empty');
    await userEvent.type(screen.getByLabelText(/^Address line 1/), '1 Main St');
    await userEvent.type(screen.getByLabelText(/^City/), 'Springfield');
    await userEvent.selectOptions(screen.getByLabelText(/^State/), 'IL');
    await userEvent.type(screen.getByLabelText(/^Postal code/), '62701');
    await userEvent.type(screen.getAllByLabelText(/^Phone number/)[0]!, '2175550100');
    await userEvent.click(screen.getByRole('button', { name: 'Create profile' }));

    await screen.findByText('Your profile has been created.');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`/api/profiles/account/${ACCOUNT_ID}`);
    expect(post.body).toEqual(
      expect.arrayContaining([
        { op: 'replace', path: '/givenName', value: expect.objectContaining({ firstName: 'Quinn', lastName: 'Empty' }) },
        { op: 'add', path: '/addresses/-', value: expect.objectContaining({ address1: '1 Main St', city: 'Springfield', state: 'IL', isPrimary: true }) },
        { op: 'add', path: '/phoneNumbers/-', value: expect.objectContaining({ phone: '2175550100', isPrimary: true }) },
      ]),
    );
    expect(queryClient.getQueryData(profileKeys.account(ACCOUNT_ID))).toEqual({ profile: created, etag: '"1"' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Profile details' })).toBeInTheDocument());
  });
});
