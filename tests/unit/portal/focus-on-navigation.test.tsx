// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { focusHeadingWhenShown, useFocusOnNavigation } from '../../../src/portal/app/shell/focus-on-navigation';

/** A page whose heading comes a moment after it (its data loading). */
function LatePage() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), 30);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <h1>Announcements</h1> : <p>Loading</p>;
}

function Redirect() {
  const navigate = useNavigate();
  useEffect(() => void navigate('/home', { replace: true }), [navigate]);
  return null;
}

/** The shell's shape: a header that stays, and the routed page in main. */
function Shell() {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  return (
    <>
      <header>
        <Link to="/home">Home (header)</Link>
      </header>
      <main ref={main}>
        <Routes>
          <Route
            path="/home"
            element={
              <>
                <h1>Welcome</h1>
                <Link to="/announcements">See all announcements</Link>
                <Link to="/home?days=7">Last 7 days</Link>
              </>
            }
          />
          <Route path="/announcements" element={<LatePage />} />
          <Route path="/redirect" element={<Redirect />} />
        </Routes>
      </main>
    </>
  );
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Shell />
    </MemoryRouter>,
  );

describe('focus after a route change (src/portal/app/shell/focus-on-navigation.ts)', () => {
  it('goes to the new page’s heading when the link pressed went with the old page, once the heading is there', async () => {
    renderAt('/home');
    const link = screen.getByRole('link', { name: 'See all announcements' });
    link.focus();
    await userEvent.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: 'Announcements' });
    await waitFor(() => expect(heading).toHaveFocus());
    // Reachable by script, not a stop of the Tab order.
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('moves nothing on the tab’s first page, on a redirect, or when only the query changes', async () => {
    renderAt('/redirect');
    await screen.findByRole('heading', { name: 'Welcome' });
    expect(document.activeElement).toBe(document.body);
    const query = screen.getByRole('link', { name: 'Last 7 days' });
    query.focus();
    await userEvent.keyboard('{Enter}');
    expect(query).toHaveFocus();
  });

  it('leaves a focus that still has a place (a link of the header) where it is', async () => {
    renderAt('/announcements');
    await screen.findByRole('heading', { name: 'Announcements' });
    const header = screen.getByRole('link', { name: 'Home (header)' });
    header.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Welcome' });
    expect(header).toHaveFocus();
  });

  it('gives way to the learner: a key pressed before the heading came keeps the focus where the learner put it', async () => {
    const main = document.createElement('main');
    document.body.append(main);
    const stop = focusHeadingWhenShown(main);
    act(() => void document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true })));
    const heading = document.createElement('h1');
    main.append(heading);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(document.body);
    stop();

    // Without the key, the heading that comes (and the one that replaces it) takes the focus.
    const again = focusHeadingWhenShown(main);
    heading.remove();
    const frame = document.createElement('h1');
    main.append(frame);
    await waitFor(() => expect(document.activeElement).toBe(frame));
    const page = document.createElement('h1');
    frame.replaceWith(page);
    await waitFor(() => expect(document.activeElement).toBe(page));
    again();
    main.remove();
  });
});
