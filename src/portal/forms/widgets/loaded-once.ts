// Data a widget loads in chunks (a phone zone's metadata, a language's country names): each key is
// loaded once however many widgets ask, a failed load may be asked again, and widgets waiting for
// a key re-render when it arrives (subscribe, for useSyncExternalStore).

export interface LoadedOnce<K, V> {
  get(key: K): V | undefined;
  has(key: K): boolean;
  /** Loads `key` with `loader` unless it is loaded or on its way; resolves when it is there. */
  load(key: K, loader: () => Promise<V>): Promise<void>;
  subscribe(listener: () => void): () => void;
}

export function loadedOnce<K, V>(initial: Iterable<[K, V]> = []): LoadedOnce<K, V> {
  const values = new Map<K, V>(initial);
  const loading = new Map<K, Promise<void>>();
  const listeners = new Set<() => void>();
  return {
    get: (key) => values.get(key),
    has: (key) => values.has(key),
    load(key, loader) {
      if (values.has(key)) return Promise.resolve();
      let promise = loading.get(key);
      if (!promise) {
        promise = loader().then(
          (value) => {
            values.set(key, value);
            for (const listener of listeners) listener();
          },
          (error: unknown) => {
            loading.delete(key);
            throw error;
          },
        );
        loading.set(key, promise);
      }
      return promise;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
