/*
 * i18next's post-processor `show-keys` (docs/texts.md#show-keys), registered at start-up: it returns
 * each text as it is until "show keys" loads its code (./key-marks.ts, a chunk of its own, so a
 * learner's first load does not carry it) and turns the marking on.
 */
import type { PostProcessorModule } from 'i18next';

type Wrap = (text: string, meta: { key: string; ns?: string }) => string;
let wrap: Wrap | null = null;

/** Turns the hidden keys on (with the function that hides them) or off, for the texts given from now on. */
export function setKeyWrap(next: Wrap | null): void {
  wrap = next;
}

export const keyMarker: PostProcessorModule = {
  type: 'postProcessor',
  name: 'show-keys',
  process(value, key, options) {
    if (!wrap) return value;
    // The key as found in the file (with its plural or context suffix), given with
    // `postProcessPassResolved`.
    const resolved = (options as { i18nResolved?: { exactUsedKey?: string; usedNS?: string } }).i18nResolved;
    const usedKey = resolved?.exactUsedKey ?? (Array.isArray(key) ? key[0] : key);
    return usedKey ? wrap(value, { key: usedKey, ...(resolved?.usedNS ? { ns: resolved.usedNS } : {}) }) : value;
  },
};
