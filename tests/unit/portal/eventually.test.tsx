// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { later } from '../../../src/portal/clients/eventually';
import { type Session, SessionContext, useAccountId } from '../../../src/portal/clients/session';
import { clearSessionMark, markSession, sessionMarked } from '../../../src/portal/auth/session-mark';

afterEach(cleanup);

function AccountLine() {
  return <p>account {useAccountId()}</p>;
}

const tree = (value: Session | Promise<Session>) => (
  <SessionContext.Provider value={value}>
    <h1>Heading</h1>
    <Suspense fallback={<p>waiting</p>}>
      <AccountLine />
    </Suspense>
  </SessionContext.Provider>
);

describe('a session that arrives after the first paint (clients/eventually.ts)', () => {
  it('paints what needs no session, stands the fallback for what does, and fills it in when the session comes', async () => {
    const session = later<Session>();
    // In an awaited act, as React wants for a tree that suspends.
    await act(async () => void render(tree(session.promise)));
    expect(screen.getByRole('heading', { name: 'Heading' })).toBeInTheDocument();
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(screen.queryByText(/^account/)).toBeNull();
    await act(async () => session.resolve({ accountId: 'a-1' }));
    expect(screen.getByText('account a-1')).toBeInTheDocument();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('renders at once, without the fallback, once the session is there', () => {
    const session = later<Session>();
    session.resolve({ accountId: 'a-2' });
    render(tree(session.promise));
    expect(screen.getByText('account a-2')).toBeInTheDocument();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('takes a plain session as it is', () => {
    render(tree({ accountId: 'a-3' }));
    expect(screen.getByText('account a-3')).toBeInTheDocument();
  });
});

describe('the session mark (auth/session-mark.ts)', () => {
  it('is a bare flag: set after a validated session, gone when cleared', () => {
    const storage = window.sessionStorage;
    storage.clear();
    expect(sessionMarked(storage)).toBe(false);
    markSession(storage);
    expect(sessionMarked(storage)).toBe(true);
    expect(Object.entries(storage)).toEqual([['portal.session', '1']]);
    clearSessionMark(storage);
    expect(sessionMarked(storage)).toBe(false);
  });
});
