/*
 * Learning of a publish when no page calls the services (docs/admin-area.md, "Live, everywhere"):
 * every answer of the services names the rules and texts versions in force, but a learner whose
 * pages' data is cached moves between pages without one. So the shell asks GET /api/versions (public,
 * a few bytes, a 304 through the browser's cache until something is published) when the learner moves
 * to another page and when the tab is shown again, at most once per CHECK_INTERVAL_MS (a check asked
 * for sooner is made when the interval ends, so none is lost); and a form whose save the browser
 * refuses asks at once (forms/schema-form.tsx), since the rules may have been loosened meanwhile.
 *
 * Use:
 *   followVersions((hash) => followTextsVersion(hash));   // boot: where the texts hash goes
 *   void checkVersions();                                 // navigation, focus (throttled)
 *   await checkVersions(true);                            // now (a refused save)
 */
import type { paths } from '../../generated/openapi';
import { apiConfig } from './client';
import { observeRulesVersion } from './rules-version';

type Versions = paths['/api/versions']['get']['responses'][200]['content']['application/json'];
const PATH: keyof paths = '/api/versions';

/** A learner moving quickly between pages causes one check per this many milliseconds at most. */
export const CHECK_INTERVAL_MS = 3000;

let last = -Infinity;
let later: ReturnType<typeof setTimeout> | undefined;
let asking: Promise<void> | undefined;
let texts: ((hash: string) => void) | undefined;

/** Where the texts version goes (the app's live texts); the rules version goes to the forms directly. */
export function followVersions(onTexts: (hash: string) => void): void {
  texts = onTexts;
}

/** Asks the services which versions are in force (now, or once the interval since the last check ends). */
export function checkVersions(now = false): Promise<void> {
  if (asking) return asking;
  const wait = last + CHECK_INTERVAL_MS - Date.now();
  if (!now && wait > 0) {
    later ??= setTimeout(() => {
      later = undefined;
      void checkVersions();
    }, wait);
    return Promise.resolve();
  }
  last = Date.now();
  asking = ask().finally(() => (asking = undefined));
  return asking;
}

async function ask(): Promise<void> {
  const base = apiConfig()?.services.identity;
  if (base === undefined) return;
  try {
    // The browser revalidates its copy with the ETag: a 304 until a publish, the stored answer read here.
    const response = await fetch((base.endsWith('/') ? base.slice(0, -1) : base) + PATH, { headers: { accept: 'application/json' } });
    if (!response.ok) return;
    const versions = (await response.json()) as Versions;
    observeRulesVersion(versions.rules);
    texts?.(versions.texts);
  } catch {
    // No answer changes nothing: the next check or answer of the services tells.
  }
}
