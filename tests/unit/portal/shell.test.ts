import { describe, expect, it, vi } from 'vitest';
import { cmpRoleLink } from '../../../src/portal/app/shell/cmp-role-link';
import { HASH_SCROLL_DELAY_MS, hashScrollTop, scheduleHashScroll } from '../../../src/portal/app/shell/scroll';

describe('certification-platform role link (spec section 6)', () => {
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

  it('scroll after 150 ms', () => {
    vi.useFakeTimers();
    const scrollTo = vi.fn();
    const target = { getBoundingClientRect: () => ({ top: 300 }) };
    const win = {
      setTimeout: globalThis.setTimeout.bind(globalThis),
      clearTimeout: globalThis.clearTimeout.bind(globalThis),
      scrollY: 100,
      scrollTo,
      document: { getElementById: (id: string) => (id === 'phones' ? target : null) },
    } as unknown as Window;
    scheduleHashScroll('#phones', win);
    vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS - 1);
    expect(scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 330, behavior: 'smooth' });
    vi.useRealTimers();
  });
});
