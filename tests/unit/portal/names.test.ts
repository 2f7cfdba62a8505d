import { describe, expect, it } from 'vitest';
import { displayNameOf, greetingNameOf, initials } from '../../../src/portal/ui/names';

describe('names shown in the shell', () => {
  const legal = { givenName: { firstName: 'Alexandra', lastName: 'Rivera' } };

  it('greets by the preferred first name, else the legal one', () => {
    expect(greetingNameOf({ ...legal, preferredName: { firstName: 'Alex' } })).toBe('Alex');
    expect(greetingNameOf({ ...legal, preferredName: { firstName: '  ' } })).toBe('Alexandra');
    expect(greetingNameOf(legal)).toBe('Alexandra');
    expect(greetingNameOf(undefined)).toBe('');
  });

  it('builds initials from the preferred first and last name, falling back to the given name', () => {
    expect(initials({ ...legal, preferredName: { firstName: 'sam', lastName: 'lee' } })).toBe('SL');
    expect(initials(legal)).toBe('AR');
    expect(initials({ ...legal, preferredName: { firstName: 'Sam' } })).toBe('SR');
  });

  it('shows the preferred name parts in the profile menu', () => {
    expect(displayNameOf({ ...legal, preferredName: { firstName: 'Alex' } })).toBe('Alex Rivera');
  });
});
