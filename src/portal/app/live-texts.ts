/*
 * Live texts (docs/texts.md#live-texts): texts published in the texts console reach a learner's next
 * page with no build and no restart. The portal's configuration names the published texts version
 * (`textsHash`, null while the files' texts are in force); with a hash, i18next reads each namespace
 * from `/texts/<hash>/<lang>/<ns>.json` (same origin, immutable: the browser caches it by its hash)
 * instead of the files bundled at build time. Every answer of the services carries the hash in force
 * (`x-texts-version`); when it changes, the loaded namespaces are read again and the page re-renders
 * in the new texts.
 *
 * A language the portal was built with whose texts that version did not change (the configuration's
 * `textsChanged` leaves it out) keeps its bundled files, so publishing one language's texts does not
 * make the others load theirs again; a language added in the texts console has no bundled files.
 *
 * Use:
 *   startLiveTexts(configLoad.then((config) => ({ hash: config.textsHash ?? null, changed: config.textsChanged ?? [] })));   // before i18next starts
 *   const texts = await publishedTexts(lang, ns, { bundled: true });     // null: use the bundled file
 *   followTextsVersion(response.headers.get('x-texts-version'));
 */
import i18next from 'i18next';

let hash: Promise<string | null> = Promise.resolve(null);
/** The hash the page started with and the languages it changed against the files. */
let started: Promise<{ hash: string | null; changed: readonly string[] }> = Promise.resolve({ hash: null, changed: [] });
/** The hash the page's texts are of; undefined until the first answer tells the one in force. */
let known: string | null | undefined;
let reloading: Promise<void> | undefined;

/** Where the published texts version comes from (the configuration): set once, at start-up. */
export function startLiveTexts(texts: Promise<{ hash: string | null; changed?: readonly string[] }>): void {
  started = texts.then(
    (value) => ({ hash: value.hash, changed: value.changed ?? [] }),
    () => ({ hash: null, changed: [] }),
  );
  hash = started.then((value) => value.hash);
  known = undefined;
  void hash.then((value) => {
    // With a hash the page's texts are that version's; without, the bundled ones, whose hash the
    // first answer of the services tells.
    if (value !== null) known = value;
  });
}

// A hash is a hex digest: anything else is never put into an address.
const HASH = /^[0-9a-f]{16,128}$/;

/**
 * A namespace's texts of the published version, or null when the bundled file is the one in force
 * (`bundled`: the portal was built with the language's files).
 */
export async function publishedTexts(
  lang: string,
  ns: string,
  { bundled = true, fetchImpl = fetch }: { bundled?: boolean; fetchImpl?: typeof fetch } = {},
): Promise<Record<string, unknown> | null> {
  const current = await hash;
  if (current === null || !HASH.test(current)) return null;
  const first = await started;
  if (bundled && current === first.hash && !first.changed.includes(lang)) return null;
  const response = await fetchImpl(`/texts/${current}/${encodeURIComponent(lang)}/${encodeURIComponent(ns)}.json`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`texts ${current}/${lang}/${ns}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Called with each answer's `x-texts-version`: another version than the page's reloads its texts. */
export function followTextsVersion(version: string | null): void {
  if (!version || !HASH.test(version)) return;
  if (known === undefined) {
    known = version;
    return;
  }
  if (version === known || reloading) return;
  known = version;
  hash = Promise.resolve(version);
  reloading = i18next
    .reloadResources()
    // Every translated component renders again, in the new texts.
    .then(() => i18next.changeLanguage(i18next.language))
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      reloading = undefined;
    });
}

/**
 * The versions check (../clients/live-versions.ts, a chunk of its own: the page the portal opened with
 * has just had the versions in its configuration, so the first load needs none of it), following this
 * page's texts. Loaded when the browser is idle after start (boot.tsx), or at the first check.
 */
export const liveVersions = () =>
  import('../clients/live-versions').then((checks) => {
    checks.followVersions(followTextsVersion);
    return checks;
  });
