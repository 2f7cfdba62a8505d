import { describe, expect, it, vi } from 'vitest';
import { cmpRoleLink } from '../../../src/portal/app/shell/cmp-role-link';
import { HASH_SCROLL_DELAY_MS, hashScrollTop, scheduleHashScroll, ScrollMemory } from '../../../src/portal/app/shell/scroll';

describe('certification-platform role link (docs/behaviour.md#roles)', () => {
  it('maps each role to its label and entry target, with the campus as classroom', () => {
    expect(cmpRoleLink({ role: 'employee', campusId: 7 })).toEqual({
      labelKey: 'Header.Cmp.EmployeeTools',
      href: '/login?redirectVendor=certMaster&target=EmployeeTools&classroom=7',
    });
    expect(cmpRoleLink({ role: 'administrator', campusId: 'c1' })?.href).toContain('target=MySchools');
    expect(cmpRoleLink({ role: 'instructor' })).toEqual({
      labelKey: 'Header.Cmp.ClassManagement',
      href: '/login?redirectVendor=certMaster&target=MySchools',
    });
    expect(cmpRoleLink({ role: 'other' })?.labelKey).toBe('Header.Cmp.CoursewareHome');
  });

  it('gives no link for none or an unknown role', () => {
    expect(cmpRoleLink({ role: 'none' })).toBeNull();
    expect(cmpRoleLink({ role: null })).toBeNull();
    expect(cmpRoleLink(undefined)).toBeNull();
  });
});

describe('hash links', () => {
  it('leave 70 px for the header', () => {
    expect(hashScrollTop(500, 200)).toBe(630);
    expect(hashScrollTop(20, 0)).toBe(0);
  });

  /** A window scrolled 100 px down whose #phones is 300 px below the top of the view. */
  const hashWindow = (extra: Record<string, unknown> = {}) => {
    const scrollTo = vi.fn();
    const target = { getBoundingClientRect: () => ({ top: 300 }) };
    const win = {
      setTimeout: globalThis.setTimeout.bind(globalThis),
      clearTimeout: globalThis.clearTimeout.bind(globalThis),
      scrollY: 100,
      scrollTo,
      document: { getElementById: (id: string) => (id === 'phones' ? target : null) },
      ...extra,
    } as unknown as Window;
    return { win, scrollTo };
  };

  it('scroll after 150 ms', () => {
    vi.useFakeTimers();
    const { win, scrollTo } = hashWindow();
    scheduleHashScroll('#phones', win);
    vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS - 1);
    expect(scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 330, behavior: 'smooth' });
    vi.useRealTimers();
  });

  it('jump instead of gliding when the learner asks for less motion', () => {
    vi.useFakeTimers();
    const { win, scrollTo } = hashWindow({ matchMedia: (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }) });
    scheduleHashScroll('#phones', win);
    vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS);
    expect(scrollTo).toHaveBeenCalledWith({ top: 330, behavior: 'auto' });
    vi.useRealTimers();
  });
});

describe('scroll position on navigation', () => {
  /** A window whose document is `height` tall in a 800 px viewport; scrolling clamps as a browser's does. */
  function fakeWindow() {
    const listeners = new Map<string, Set<() => void>>();
    const frames = new Map<number, () => void>();
    let nextFrame = 1;
    const win = {
      height: 3000,
      scrollY: 0,
      scrollTo(_x: number, y: number) {
        win.scrollY = Math.max(0, Math.min(y, win.height - 800));
        for (const listener of listeners.get('scroll') ?? []) listener();
      },
      addEventListener: (type: string, listener: () => void) => listeners.set(type, (listeners.get(type) ?? new Set()).add(listener)),
      removeEventListener: (type: string, listener: () => void) => listeners.get(type)?.delete(listener),
      requestAnimationFrame: (callback: () => void) => {
        frames.set(nextFrame, callback);
        return nextFrame++;
      },
      cancelAnimationFrame: (id: number) => frames.delete(id),
      runFrame: () => {
        const [first] = frames;
        if (!first) return;
        frames.delete(first[0]);
        first[1]();
      },
      fire: (type: string) => [...(listeners.get(type) ?? [])].forEach((listener) => listener()),
    };
    return win;
  }

  it('opens a new page at the top, and returns to the position on Back once the page is tall enough', () => {
    const win = fakeWindow();
    const memory = new ScrollMemory(win as unknown as Window);
    memory.arrived({ key: 'home', pathname: '/home', hash: '' }, undefined, 'POP');
    let stop = memory.track('home');
    win.scrollTo(0, 2100);
    stop();

    memory.arrived({ key: 'news', pathname: '/announcements', hash: '' }, '/home', 'PUSH');
    expect(win.scrollY).toBe(0);
    stop = memory.track('news');
    stop();

    // Back: home's content is still short at first; the position is reached once it has grown.
    win.height = 1000;
    memory.arrived({ key: 'home', pathname: '/home', hash: '' }, '/announcements', 'POP');
    expect(win.scrollY).toBe(200);
    win.height = 3000;
    win.runFrame();
    expect(win.scrollY).toBe(2100);
  });

  it('leaves the position alone for a hash or a change of query on the same page, and yields to the learner', () => {
    const win = fakeWindow();
    const memory = new ScrollMemory(win as unknown as Window);
    win.scrollTo(0, 900);
    memory.arrived({ key: 'b', pathname: '/home', hash: '' }, '/home', 'REPLACE');
    memory.arrived({ key: 'c', pathname: '/profile', hash: '#phones' }, '/home', 'PUSH');
    expect(win.scrollY).toBe(900);

    const stop = memory.track('c');
    win.scrollTo(0, 1500);
    stop();
    win.height = 1000;
    memory.arrived({ key: 'c', pathname: '/profile', hash: '#phones' }, '/home', 'POP');
    win.fire('wheel');
    win.height = 3000;
    win.runFrame();
    expect(win.scrollY).toBe(200);
  });
});
