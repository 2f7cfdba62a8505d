// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../src/portal/clients/client';
import { formActivity, resetFormActivity, type FormActivityInput } from '../../../src/portal/clients/form-activity';
import { ErrorModal } from '../../../src/portal/ui/modal/error-modal';
import { Modal, MODAL_VIEW_DELAY_MS } from '../../../src/portal/ui/modal/modal';
import { initTestI18n } from './i18n-for-tests';

beforeAll(() => {
  initTestI18n('en');
});

function Harness({ closingDisabled = false }: { closingDisabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Modal name="redeem" open={open} onOpenChange={setOpen} title="Dialog title" closingDisabled={closingDisabled}>
        <button type="button" onClick={() => setOpen(false)}>
          done
        </button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('closes with Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByRole('dialog', { name: 'Dialog title' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'open' })).toHaveFocus());
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ignores Escape and has no close button when closing is disabled', async () => {
    const user = userEvent.setup();
    render(<Harness closingDisabled />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ErrorModal', () => {
  it('shows code 500 and sanitised HTML, and closes only by its button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <ErrorModal
        open
        message={'<p>Please <strong>retry</strong></p><img src=x onerror="window.hacked=1"><script>window.hacked=1</script>'}
        buttonText="Try again"
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Error 500' });
    expect(dialog.querySelector('strong')?.textContent).toBe('retry');
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('img')?.getAttribute('onerror')).toBeNull();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('modal views', () => {
  let recorded: FormActivityInput[];
  beforeEach(() => {
    vi.useFakeTimers();
    resetFormActivity();
    configureApi({
      config: { services: { identity: '', entitlements: '', vendors: '' }, functionKey: 'k', functionKeyHeader: 'x-functions-key', formActivity: true },
      getToken: async () => 't',
      fetchImpl: (async () => new Response(null, { status: 204 })) as unknown as typeof fetch,
    });
    recorded = [];
    vi.spyOn(formActivity()!, 'record').mockImplementation((event) => void recorded.push(event));
  });
  afterEach(() => {
    resetFormActivity();
    vi.useRealTimers();
  });

  const modal = (name: 'redeem' | 'redemption-success', open: boolean) => (
    <Modal name={name} open={open} onOpenChange={() => undefined} title="Dialog title">
      <p>body</p>
    </Modal>
  );

  it('counts a view 500 ms after the modal opens, once', () => {
    const { rerender } = render(modal('redeem', false));
    act(() => void vi.advanceTimersByTime(MODAL_VIEW_DELAY_MS * 2));
    expect(recorded).toEqual([]);
    rerender(modal('redeem', true));
    act(() => void vi.advanceTimersByTime(MODAL_VIEW_DELAY_MS - 1));
    expect(recorded).toEqual([]);
    act(() => void vi.advanceTimersByTime(1));
    expect(recorded).toEqual([{ type: 'modal-viewed', modal: 'redeem' }]);
    act(() => void vi.advanceTimersByTime(MODAL_VIEW_DELAY_MS * 10));
    expect(recorded).toHaveLength(1);
  });

  it('counts no view of a modal closed within 500 ms; a new modal in the same dialog is a new view', () => {
    const { rerender } = render(modal('redeem', true));
    act(() => void vi.advanceTimersByTime(MODAL_VIEW_DELAY_MS - 100));
    rerender(modal('redeem', false));
    act(() => void vi.advanceTimersByTime(MODAL_VIEW_DELAY_MS * 2));
    expect(recorded).toEqual([]);
    rerender(modal('redeem', true));
    act(() => void vi.advanceTimersByTime(MODAL_VIEW_DELAY_MS));
    rerender(modal('redemption-success', true));
    act(() => void vi.advanceTimersByTime(MODAL_VIEW_DELAY_MS));
    expect(recorded).toEqual([
      { type: 'modal-viewed', modal: 'redeem' },
      { type: 'modal-viewed', modal: 'redemption-success' },
    ]);
  });
});
