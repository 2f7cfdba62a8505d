// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { dismissErrorToast, notifyError, notifySuccess, PortalToaster, TOAST_DURATION_MS } from '../../../src/portal/ui/toast/toast';
import { initTestI18n } from './i18n-for-tests';

beforeAll(async () => {
  initTestI18n('en');
  // The toast library is a chunk of its own, loaded after the first paint: by the time a learner
  // sees a toast it is there. A cold import in a busy test run can take longer than findBy waits.
  await import('sonner');
  // jsdom lacks pointer capture, which sonner's swipe handling calls on press.
  HTMLElement.prototype.setPointerCapture ??= () => undefined;
  HTMLElement.prototype.releasePointerCapture ??= () => undefined;
});

describe('toasts (docs/behaviour.md#errors)', () => {
  it('shows the generic error text with the documented spelling, and a Dismiss action that closes it', async () => {
    render(<PortalToaster />);
    act(() => {
      notifyError(new Error('boom'));
    });
    expect(await screen.findByText('An unexpected error ocurred. Please try again later.')).toBeInTheDocument();
    const toaster = document.querySelector('[data-sonner-toaster]');
    expect(toaster?.getAttribute('data-y-position')).toBe('bottom');
    expect(toaster?.getAttribute('data-x-position')).toBe('center');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await expect.poll(() => screen.queryByText('An unexpected error ocurred. Please try again later.')).toBeNull();
  });

  it('shows one generic toast at a time, and takes it away when the next attempt succeeds', async () => {
    render(<PortalToaster />);
    act(() => {
      notifyError(new Error('first'));
      notifyError(new Error('second'));
    });
    await screen.findByText('An unexpected error ocurred. Please try again later.');
    expect(screen.getAllByText('An unexpected error ocurred. Please try again later.')).toHaveLength(1);
    act(() => dismissErrorToast());
    await expect.poll(() => screen.queryByText('An unexpected error ocurred. Please try again later.')).toBeNull();
  });

  it('shows success texts by key', async () => {
    render(<PortalToaster />);
    act(() => {
      notifySuccess('Toast.Success.PasswordEdited');
    });
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(TOAST_DURATION_MS).toBe(7500);
  });
});
