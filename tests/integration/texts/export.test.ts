import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db';
import { namespaceFileText, publishedLocaleFiles } from '../../../src/server/texts/export';
import * as store from '../../../src/server/texts/store';
import { applyTexts, languagesIn, namespacesIn, readTexts, sourceHash, textsHash } from '../../../src/server/texts/texts-files';
import { translator } from '../rules/support';

// npm run texts:export writes the published texts back into locales/, formatted as the files are.

const root = join(import.meta.dirname, '../../..');
const locales = join(root, 'locales');

it('writes every locale file back as it is kept (2-space indents, a trailing newline, the file order)', async () => {
  const texts = readTexts(locales);
  for (const lang of languagesIn(locales)) {
    for (const ns of namespacesIn(locales)) {
      const file = await readFile(join(locales, lang, `${ns}.json`), 'utf8');
      // A JavaScript object puts keys that read as whole numbers first ("10" before "01", the
      // prefectures of fields.json): such a file keeps its texts, in that order.
      const expected = `${JSON.stringify(JSON.parse(file), null, 2)}\n`;
      expect(namespaceFileText(texts, lang, ns), `${lang}/${ns}`).toBe(expected);
      if (ns !== 'fields') expect(expected, `${lang}/${ns}`).toBe(file);
    }
  }
});

it('writes the published texts into locales/ (npm run texts:export, embedded database)', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'texts-export-'));
  const localesDir = join(dataDir, 'locales');
  await cp(locales, localesDir, { recursive: true });
  const env = { DATA_DIR: dataDir, LOCALES_DIR: localesDir, LOG_LEVEL: 'silent' };
  const text = '市区町村が無効です：{{limit}} 文字以内（書き戻し）';
  const change = { key: 'validation:Validation.InvalidCity_maxLength', lang: 'ja' as const, text, source: sourceHash('x'), at: new Date().toISOString() };
  try {
    const database = await openDatabase(loadConfig(env));
    try {
      expect(await publishedLocaleFiles(database.db, localesDir)).toEqual({ version: 0, files: [] });
      await store.publishVersion(database.db, {
        action: 'publish',
        notify: false,
        guard: async () => undefined,
        version: () => ({
          changes: [change],
          reason: 'city message',
          authorId: translator.accountId,
          createdAt: new Date(),
          approvedBy: null,
          approvedAt: null,
          publishedBy: translator.accountId,
          republishedFrom: null,
          hash: textsHash(applyTexts(readTexts(localesDir), [change])),
        }),
      });
    } finally {
      await database.close();
    }
    const run = await promisify(execFile)('npx', ['tsx', 'scripts/texts-export.ts'], { cwd: root, env: { ...process.env, ...env } });
    expect(run.stdout).toContain('wrote locales/ja/validation.json (version 1)');
    const written = JSON.parse(await readFile(join(localesDir, 'ja/validation.json'), 'utf8'));
    expect(written.Validation.InvalidCity_maxLength).toBe(text);
    // And what English the Japanese was written against, so it goes stale when the English changes in git.
    expect(run.stdout).toContain('wrote locales/text-sources.json (version 1)');
    expect(JSON.parse(await readFile(join(localesDir, 'text-sources.json'), 'utf8'))).toEqual({ ja: { [change.key]: change.source } });
    // Only the changed file is written.
    for (const lang of languagesIn(locales)) {
      for (const file of await readdir(join(locales, lang))) {
        if (lang === 'ja' && file === 'validation.json') continue;
        expect(await readFile(join(localesDir, lang, file), 'utf8'), `${lang}/${file}`).toBe(await readFile(join(locales, lang, file), 'utf8'));
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}, 120_000);
