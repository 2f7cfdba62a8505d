// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../../src/portal/clients/errors';
import { dismissErrorToast, errorToastKey, notifyError, notifySuccess, PortalToaster, TOAST_DURATION_MS } from '../../../src/portal/ui/toast/toast';
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

  it('says "temporarily unavailable, try again" for a 503 (the services\' or the load balancer\'s) and "could not be reached" without an answer', async () => {
    render(<PortalToaster />);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => notifyError({ message: 'The service is briefly unavailable; try again.', statusCode: 503, retryAfter: 1 }));
    expect(await screen.findByText('The service is temporarily unavailable. Please try again in a moment.')).toBeInTheDocument();
    act(() => notifyError(new NetworkError(new TypeError('Failed to fetch'))));
    expect(await screen.findByText('The service could not be reached. Check your connection and try again.')).toBeInTheDocument();
    // Logged by the service client already (as a warning): the toast adds no error of its own.
    expect(error).not.toHaveBeenCalled();
    warn.mockRestore();
    error.mockRestore();
    act(() => dismissErrorToast());
  });

  it('keeps the documented generic text for everything else', () => {
    for (const other of [
      undefined,
      new Error('bug'),
      { message: 'x', statusCode: 500 },
      { message: 'x', statusCode: 429, retryAfter: 3 },
      { message: 'x', statusCode: 404 },
    ]) {
      expect(errorToastKey(other)).toBe('Toast.Error.Default');
    }
    for (const status of [502, 503, 504]) expect(errorToastKey({ message: 'x', statusCode: status })).toBe('Toast.Error.Unavailable');
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
