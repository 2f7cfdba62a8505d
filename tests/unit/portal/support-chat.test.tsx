// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SupportChat } from '../../../src/portal/app/shell/support-chat';
import { fakeApi, pageHarness, storedProfile } from '../features/support';

const SOURCE = 'https://partner.test:4404/zendesk/widget.js';

/** What the partner's script does when it runs (src/sandbox/assets/widget.js): a toggle and a panel, both marked. */
function runWidget(script: HTMLScriptElement) {
  const panel = document.createElement('section');
  panel.hidden = true;
  panel.setAttribute('data-support-chat', '');
  const select = document.createElement('select');
  select.setAttribute('aria-label', script.dataset.ticketFormLabel ?? '');
  panel.append(select);
  const toggle = document.createElement('button');
  toggle.textContent = script.dataset.label ?? '';
  toggle.setAttribute('data-support-chat', '');
  toggle.addEventListener('click', () => {
    panel.hidden = !panel.hidden;
    if (!panel.hidden) select.focus();
  });
  document.body.append(panel, toggle);
  return { panel, select, toggle };
}

const widgetScript = () => document.querySelector<HTMLScriptElement>('script[data-support-chat]');

function renderChat(
  lang: 'en' | 'ja' = 'en',
  profile = storedProfile({ preferredName: { firstName: 'Ada', middleName: '', lastName: 'Lovelace', suffix: '' } }),
) {
  fakeApi(() => undefined);
  const harness = pageHarness(<SupportChat />, { profile, path: '/home', lang, config: { partners: { zendeskWidget: SOURCE } } });
  return render(harness.ui);
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('support chat, loaded on demand', () => {
  it('puts nothing of the partner in the page until the learner asks', () => {
    renderChat();
    expect(screen.getByRole('button', { name: 'Support chat' })).toBeInTheDocument();
    expect(widgetScript()).toBeNull();
    expect(document.querySelectorAll('[data-support-chat]')).toHaveLength(0);
  });

  it("loads the partner's script on the first press with the learner, the support team and nine ticket forms", async () => {
    renderChat();
    await userEvent.click(screen.getByRole('button', { name: 'Support chat' }));
    const script = widgetScript()!;
    expect(script.src).toBe(SOURCE);
    expect(script.dataset).toMatchObject({
      name: 'Ada Lovelace',
      email: 'learner@example.com',
      department: 'Support team',
      title: 'Chat with support',
      ticketFormLabel: 'What do you need help with?',
      lang: 'en',
    });
    expect(script.dataset.ticketForms?.split('|')).toHaveLength(9);
    expect(screen.getByTestId('support-chat-launcher')).toHaveAttribute('aria-busy', 'true');
  });

  it("opens the widget's panel, moves focus into it and leaves the widget's toggle as the only one", async () => {
    renderChat();
    await userEvent.click(screen.getByRole('button', { name: 'Support chat' }));
    const script = widgetScript()!;
    const widget = runWidget(script);
    await act(async () => {
      script.dispatchEvent(new Event('load'));
    });
    expect(widget.panel.hidden).toBe(false);
    expect(widget.select).toHaveFocus();
    expect(screen.queryByTestId('support-chat-launcher')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Support chat' })).toEqual([widget.toggle]);
    // Pressing again does not load the script twice.
    expect(document.querySelectorAll('script[data-support-chat]')).toHaveLength(1);
  });

  it('shows the generic toast and offers the button again when the script does not load', async () => {
    renderChat();
    await userEvent.click(screen.getByRole('button', { name: 'Support chat' }));
    await act(async () => {
      widgetScript()!.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText('An unexpected error ocurred. Please try again later.')).toBeInTheDocument();
    expect(widgetScript()).toBeNull();
    expect(screen.getByTestId('support-chat-launcher')).not.toHaveAttribute('aria-busy');
  });

  it('speaks Japanese, to the learner and to the widget', async () => {
    renderChat('ja');
    await userEvent.click(screen.getByRole('button', { name: 'サポートチャット' }));
    const script = widgetScript()!;
    expect(script.dataset).toMatchObject({ label: 'サポートチャット', department: 'サポートチーム', lang: 'ja' });
    expect(script.dataset.ticketForms?.split('|')).toContain('アクセスキー');
  });

  it('takes the widget out of the page when the shell goes away', async () => {
    const { unmount } = renderChat();
    await userEvent.click(screen.getByRole('button', { name: 'Support chat' }));
    const script = widgetScript()!;
    runWidget(script);
    await act(async () => {
      script.dispatchEvent(new Event('load'));
    });
    unmount();
    expect(document.querySelectorAll('[data-support-chat]')).toHaveLength(0);
  });

  it('is an icon and a text that can be hidden on phones, named by the text in either language', () => {
    renderChat('ja');
    const button = screen.getByTestId('support-chat-launcher');
    // Below 768 px styles.css hides the text visually and keeps it for screen readers: the name stays.
    expect(button).toHaveAccessibleName('サポートチャット');
    expect(button.querySelector('.support-chat-launcher__text')).toHaveTextContent('サポートチャット');
    const icon = button.querySelector('svg');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(icon).toHaveAttribute('focusable', 'false');
  });

  it('offers no button without a widget address or a learner email', () => {
    fakeApi(() => undefined);
    render(pageHarness(<SupportChat />, { profile: storedProfile(), path: '/home' }).ui);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
