import { loadedOnce } from '../../../src/portal/forms/widgets/loaded-once';

describe('loadedOnce', () => {
  it('loads a key once however often it is asked, and tells the subscribers when it arrives', async () => {
    const store = loadedOnce<string, number>([['en', 0]]);
    const loader = vi.fn(async () => 42);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    await Promise.all([store.load('ja', loader), store.load('ja', loader)]);
    await store.load('ja', loader);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(store.get('ja')).toBe(42);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    await store.load('fr', async () => 1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.has('en')).toBe(true);
  });

  it('may be asked again after a failed load', async () => {
    const store = loadedOnce<string, number>();
    await expect(store.load('x', () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(store.has('x')).toBe(false);
    await store.load('x', async () => 7);
    expect(store.get('x')).toBe(7);
  });
});
