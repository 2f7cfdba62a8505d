import { describe, expect, it } from 'vitest';
import { clearAllDrafts, clearDraft, keepingDrafts, saveDraft, takeDraft } from '../../../src/portal/auth/drafts';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('form drafts in session storage', () => {
  it('keeps what was typed, never a password or a code, and forgets it when asked', () => {
    const storage = new MemoryStorage();
    saveDraft(
      'email',
      'account-a',
      {
        email: 'new@example.com',
        currentPassword: 'secret',
        verificationCode: '123456',
        phone: { countryCode: '1', phone: '3125550142' },
        newPassword: 'x',
        confirmPassword: 'x',
      },
      storage,
    );
    const raw = storage.getItem('portal.draft.email') ?? '';
    expect(raw).not.toContain('secret');
    expect(raw).not.toContain('123456');
    expect(takeDraft('email', 'account-a', storage)).toEqual({ email: 'new@example.com', phone: { countryCode: '1', phone: '3125550142' } });
    clearDraft('email', storage);
    expect(takeDraft('email', 'account-a', storage)).toBeUndefined();
    saveDraft('profile', 'account-a', { city: 'Faultville' }, storage);
    storage.setItem('other', 'stays');
    clearAllDrafts(storage);
    expect(takeDraft('profile', 'account-a', storage)).toBeUndefined();
    expect(storage.getItem('other')).toBe('stays');
  });

  it('survives a cache clear that removes every key with the client id in it (MSAL clearCache)', async () => {
    const storage = new MemoryStorage();
    saveDraft('profile', 'account-a', { city: 'Sessionville' }, storage);
    storage.setItem('msal.portal.token', 't');
    await keepingDrafts(async () => {
      for (const key of ['portal.draft.profile', 'msal.portal.token']) storage.removeItem(key);
    }, storage);
    expect(takeDraft('profile', 'account-a', storage)).toEqual({ city: 'Sessionville' });
    expect(storage.getItem('msal.portal.token')).toBeNull();
  });

  it("never hands one account's draft to another account signing in in the same tab, and drops it", () => {
    const storage = new MemoryStorage();
    saveDraft('profile', 'account-a', { city: 'Elsewhere' }, storage);
    expect(takeDraft('profile', 'account-b', storage)).toBeUndefined();
    expect(storage.getItem('portal.draft.profile')).toBeNull();
    // A draft written before drafts had owners is nobody's.
    storage.setItem('portal.draft.profile', JSON.stringify({ city: 'Old' }));
    expect(takeDraft('profile', 'account-a', storage)).toBeUndefined();
  });
});
