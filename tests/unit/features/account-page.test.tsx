// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AccountPage from '../../../src/portal/features/account/account-page';
import { fakeApi, pageHarness, storedProfile } from './support';

const panel = () => within(screen.getByRole('tabpanel'));

describe('AccountPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the informational text instead of both forms to social-login users', () => {
    fakeApi(() => undefined);
    const { ui } = pageHarness(<AccountPage />, { profile: storedProfile({ authenticationSource: 'socialIdpAuthentication' }), path: '/account' });
    render(ui);
    expect(screen.getByTestId('social-login-notice')).toHaveTextContent('managed by that provider');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
  });

  it('explains the page above the tabs, and says what changing either credential asks for', () => {
    fakeApi(() => undefined);
    const { ui } = pageHarness(<AccountPage />, { profile: storedProfile(), path: '/account' });
    render(ui);
    const intro = screen.getByText(/the email address and password you sign in with/);
    expect(intro).toHaveTextContent('asks for your current password');
    expect(intro.compareDocumentPosition(screen.getByRole('tablist')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has two tabs that arrow keys move between', async () => {
    fakeApi(() => undefined);
    const { ui } = pageHarness(<AccountPage />, { profile: storedProfile(), path: '/account' });
    render(ui);
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Change email', 'Change password']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(tabs[0]!);
    await userEvent.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  });

  it('names the Edit at the top of each section after it; either one opens that form', async () => {
    fakeApi(() => undefined);
    const { ui } = pageHarness(<AccountPage />, { profile: storedProfile(), path: '/account' });
    render(ui);
    await userEvent.click(panel().getByRole('button', { name: 'Edit email address' }));
    expect(panel().getByLabelText(/^New email/)).toHaveFocus();
    await userEvent.click(panel().getByRole('button', { name: 'Cancel' }));
    expect(panel().getByRole('button', { name: 'Edit email address' })).toHaveFocus();

    await userEvent.click(screen.getByRole('tab', { name: 'Change password' }));
    expect(
      panel()
        .getAllByRole('button', { name: /^Edit/ })
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Edit password', 'Edit']);
    await userEvent.click(panel().getByRole('button', { name: 'Edit password' }));
    expect(panel().getByLabelText(/^Current password/)).toHaveFocus();
  });

  it('changes the password with the current e-mail and shows the success toast', async () => {
    const calls = fakeApi((call) => (call.url.endsWith('/set-password') ? { status: 204 } : undefined));
    const { ui } = pageHarness(<AccountPage />, { profile: storedProfile(), path: '/account' });
    render(ui);
    await userEvent.click(screen.getByRole('tab', { name: 'Change password' }));
    await userEvent.click(panel().getByRole('button', { name: 'Edit' }));
    await userEvent.type(panel().getByLabelText(/^Current password/), 'OldPassword2026');
    await userEvent.type(panel().getByLabelText(/^New password/), 'NewPassword2027');
    await userEvent.type(panel().getByLabelText(/^Confirm new password/), 'NewPassword2027');
    await userEvent.click(panel().getByRole('button', { name: 'Change password' }));

    await screen.findByText(/password has been (changed|updated)/i);
    const call = calls.find((c) => c.url.endsWith('/set-password'))!;
    expect(call.url).toBe('/api/accounts/account-1/set-password');
    expect(call.body).toEqual({ currentPassword: 'OldPassword2026', email: 'learner@example.com', newPassword: 'NewPassword2027' });
  });

  it('keeps the typed passwords and shows the refusal at its field, with no toast', async () => {
    fakeApi((call) =>
      call.url.endsWith('/set-password')
        ? { status: 400, body: { message: 'Bad Request', statusCode: 400, errors: [{ path: '/currentPassword', key: 'Validation.IncorrectPassword' }] } }
        : undefined,
    );
    const { ui } = pageHarness(<AccountPage />, { profile: storedProfile(), path: '/account' });
    render(ui);
    await userEvent.click(screen.getByRole('tab', { name: 'Change password' }));
    await userEvent.click(panel().getByRole('button', { name: 'Edit' }));
    await userEvent.type(panel().getByLabelText(/^Current password/), 'WrongPassword1');
    await userEvent.type(panel().getByLabelText(/^New password/), 'NewPassword2027');
    await userEvent.type(panel().getByLabelText(/^Confirm new password/), 'NewPassword2027');
    await userEvent.click(panel().getByRole('button', { name: 'Change password' }));
    expect(await panel().findByText('Incorrect password')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('An unexpected error ocurred. Please try again later.')).toBeNull();
    expect(panel().getByLabelText(/^New password/)).toHaveValue('NewPassword2027');
    expect(panel().getByLabelText(/^Current password/)).toHaveValue('WrongPassword1');
  });

  it('changes the e-mail in two steps and signs out 3 seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls = fakeApi((call) => (call.method === 'POST' ? { status: 204 } : undefined));
    const { ui } = pageHarness(<AccountPage />, { profile: storedProfile(), path: '/account' });
    render(ui);

    await user.click(panel().getByRole('button', { name: 'Edit' }));
    await user.type(panel().getByLabelText(/^New email/), 'new.address@example.com');
    await user.type(panel().getByLabelText(/^Current password/), 'LearnerDemo2026');
    await user.click(panel().getByRole('button', { name: 'Send verification code' }));
    await screen.findByText(/new.address@example.com/, { selector: 'p' });
    expect(calls.find((c) => c.url.endsWith('/send-email-verification-code'))?.body).toEqual({
      currentPassword: 'LearnerDemo2026',
      email: 'new.address@example.com',
    });

    await user.click(panel().getByRole('button', { name: 'Resend code' }));
    expect(calls.find((c) => c.url.endsWith('/resend-email-verification-code'))?.body).toEqual({});

    // The second step's form mounts when its engine has loaded (in a transition): wait for it.
    await user.type(await panel().findByLabelText(/^Verification code/, {}, { timeout: 5000 }), '123456');
    await user.click(panel().getByRole('button', { name: 'Change email' }));
    // The notice at the form (the toast says it too).
    await panel().findByText(/You will be signed out in 3 seconds/);
    expect(calls.find((c) => c.url.endsWith('/change-email'))?.body).toEqual({ verificationCode: '123456' });

    expect(screen.getByTestId('location')).toHaveTextContent('/account');
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/account');
    await act(async () => {
      vi.advanceTimersByTime(1100);
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/logout');
  });

  it('says too many attempts at the current password on a 429, with no toast', async () => {
    fakeApi((call) =>
      call.url.endsWith('/set-password') ? { status: 429, body: { message: 'Too many attempts. Try again later.', statusCode: 429 } } : undefined,
    );
    const { ui } = pageHarness(<AccountPage />, { profile: storedProfile(), path: '/account' });
    render(ui);
    await userEvent.click(screen.getByRole('tab', { name: 'Change password' }));
    await userEvent.click(panel().getByRole('button', { name: 'Edit' }));
    await userEvent.type(panel().getByLabelText(/^Current password/), 'WrongPassword1');
    await userEvent.type(panel().getByLabelText(/^New password/), 'NewPassword2027');
    await userEvent.type(panel().getByLabelText(/^Confirm new password/), 'NewPassword2027');
    await userEvent.click(panel().getByRole('button', { name: 'Change password' }));
    expect(await panel().findByText('Too many attempts. Try again in a few minutes')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('An unexpected error ocurred. Please try again later.')).toBeNull();
  });

  it('shows the resend fallback text when resending fails', async () => {
    fakeApi((call) =>
      call.url.endsWith('/resend-email-verification-code') ? { status: 500, body: 'oops' } : call.method === 'POST' ? { status: 204 } : undefined,
    );
    const { ui } = pageHarness(<AccountPage />, { profile: storedProfile(), path: '/account' });
    render(ui);
    await userEvent.click(panel().getByRole('button', { name: 'Edit' }));
    await userEvent.type(panel().getByLabelText(/^New email/), 'new.address@example.com');
    await userEvent.type(panel().getByLabelText(/^Current password/), 'LearnerDemo2026');
    await userEvent.click(panel().getByRole('button', { name: 'Send verification code' }));
    await userEvent.click(await panel().findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('An unexpected error occurred. Please try again later.')).toBeInTheDocument();
  });

  it('refuses the current e-mail as the new one at the field, in Japanese', async () => {
    const calls = fakeApi(() => undefined);
    const { ui } = pageHarness(<AccountPage />, { profile: storedProfile(), path: '/account', lang: 'ja' });
    render(ui);
    await userEvent.click(panel().getByRole('button', { name: '編集' }));
    await userEvent.type(panel().getByLabelText(/^新しいメールアドレス/), 'learner@example.com');
    await userEvent.type(panel().getByLabelText(/^現在のパスワード/), 'LearnerDemo2026');
    await userEvent.click(panel().getByRole('button', { name: '確認コードを送信' }));
    expect(await panel().findByText(/現在のメールアドレス/, { selector: '.form-error, .form-error *' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
