// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorModal } from '../../../src/portal/ui/modal/error-modal';
import { Modal } from '../../../src/portal/ui/modal/modal';
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
      <Modal open={open} onOpenChange={setOpen} title="Dialog title" closingDisabled={closingDisabled}>
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
