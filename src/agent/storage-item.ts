import { browser } from 'wxt/browser';

/**
 * One typed value in `chrome.storage.local`, with a fallback while it is unset, and a watch on its
 * changes. All the worker needs of storage, in a few lines: WXT's `storage` module does the same
 * and much more (versions, migrations, metadata, other areas), at a cost the worker's size budget
 * (scripts/bundle-size.mjs) cannot afford. The keys are the same plain keys (`safety_stops`, `credentials`, …).
 */
interface StorageItem<T> {
  readonly key: string;
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
  /** Calls `cb` with the new and the old value after every change; answers how to stop. */
  watch(cb: (value: T, old: T) => void): () => void;
}

export function defineItem<T>(key: `local:${string}`, options: { fallback: T }): StorageItem<T> {
  const name = key.slice('local:'.length);
  const orFallback = (v: unknown) => (v === undefined || v === null ? options.fallback : (v as T));
  return {
    key: name,
    async getValue() {
      return orFallback((await browser.storage.local.get(name))[name]);
    },
    async setValue(value) {
      await browser.storage.local.set({ [name]: value });
    },
    watch(cb) {
      const listener = (
        changes: Record<string, { newValue?: unknown; oldValue?: unknown }>,
        area: string,
      ) => {
        const change = area === 'local' ? changes[name] : undefined;
        if (change) cb(orFallback(change.newValue), orFallback(change.oldValue));
      };
      browser.storage.onChanged.addListener(listener);
      return () => browser.storage.onChanged.removeListener(listener);
    },
  };
}
