import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { followTextsVersion, publishedTexts, startLiveTexts } from '../../../src/portal/app/live-texts';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

describe('live texts', () => {
  it('read nothing from the services while the texts of the files are in force', async () => {
    startLiveTexts(Promise.resolve({ hash: null }));
    const fetchImpl = vi.fn<typeof fetch>();
    expect(await publishedTexts('ja', 'profile', { fetchImpl })).toBeNull();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("read a namespace of the published version from its hash's address", async () => {
    startLiveTexts(Promise.resolve({ hash: HASH_A, changed: ['ja'] }));
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ Profile: { City: '市区町村' } }), { status: 200 }));
    expect(await publishedTexts('ja', 'profile', { fetchImpl })).toEqual({ Profile: { City: '市区町村' } });
    expect(fetchImpl.mock.calls[0]?.[0]).toBe(`/texts/${HASH_A}/ja/profile.json`);
  });

  it('keep the texts the portal was built with for a language the published version did not change, and read a language added in the console', async () => {
    startLiveTexts(Promise.resolve({ hash: HASH_A, changed: ['fr'] }));
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ Home: { Title: 'Accueil' } }), { status: 200 }));
    expect(await publishedTexts('en', 'home', { fetchImpl })).toBeNull();
    expect(await publishedTexts('ja', 'home', { fetchImpl })).toBeNull();
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(await publishedTexts('fr', 'home', { bundled: false, fetchImpl })).toEqual({ Home: { Title: 'Accueil' } });
    expect(fetchImpl.mock.calls.map((c) => c[0])).toEqual([`/texts/${HASH_A}/fr/home.json`]);
  });

  it('never put a value that is not a hash into an address', async () => {
    startLiveTexts(Promise.resolve({ hash: '../../api/admin', changed: ['ja'] }));
    const fetchImpl = vi.fn<typeof fetch>();
    expect(await publishedTexts('ja', 'profile', { fetchImpl })).toBeNull();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('reload the texts when an answer carries another version than the page shows, once per version', async () => {
    const reload = vi.spyOn(i18next, 'reloadResources').mockResolvedValue(undefined);
    vi.spyOn(i18next, 'changeLanguage').mockResolvedValue(i18next.t);
    startLiveTexts(Promise.resolve({ hash: null }));
    await Promise.resolve();
    followTextsVersion(HASH_A); // the files' version, as the first answer tells it
    expect(reload).not.toHaveBeenCalled();
    followTextsVersion(HASH_A);
    expect(reload).not.toHaveBeenCalled();
    followTextsVersion(HASH_B);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.waitFor(async () => expect(await publishedTexts('ja', 'x', { fetchImpl: vi.fn<typeof fetch>(async () => new Response('{}')) })).toEqual({}));
    followTextsVersion(HASH_B);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });
});
