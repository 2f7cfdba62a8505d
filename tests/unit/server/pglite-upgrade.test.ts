import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataFolderUpgradeError, dataFolderMajor, upgradeDataFolder } from '../../../src/server/db/pglite-upgrade';

// Which data folders the server upgrades at start (src/server/db/pglite-upgrade.ts): only one that
// PGlite 0.4 wrote (PG_VERSION 17). A new or current folder is left alone, and anything else is
// refused before a file is touched. tests/integration/server/pglite-upgrade.test.ts moves a real one.

let parent: string;
let folder: string;

beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'pglite-upgrade-unit-'));
  folder = join(parent, 'db');
  await mkdir(folder);
});
afterEach(async () => rm(parent, { recursive: true, force: true }));

const version = (text: string) => writeFile(join(folder, 'PG_VERSION'), text);

describe('upgrading the embedded data folder', () => {
  it('leaves a folder without a database, and one of the current PostgreSQL, alone', async () => {
    expect(await dataFolderMajor(folder)).toBeUndefined();
    expect(await upgradeDataFolder(folder)).toBeUndefined();
    await version('18\n');
    expect(await dataFolderMajor(folder)).toBe(18);
    expect(await upgradeDataFolder(folder)).toBeUndefined();
    expect(await readdir(parent)).toEqual(['db']);
  });

  it('refuses another version, and a PG_VERSION that names none, without touching anything', async () => {
    await version('16\n');
    await expect(upgradeDataFolder(folder)).rejects.toThrow(
      new DataFolderUpgradeError(
        `The embedded database in ${folder} was written by PostgreSQL 16; this release opens PostgreSQL 18 folders and upgrades PostgreSQL 17 (PGlite 0.4) ones only. The folder is unchanged.`,
      ),
    );
    await version('seventeen');
    await expect(upgradeDataFolder(folder)).rejects.toBeInstanceOf(DataFolderUpgradeError);
    expect(await readdir(parent)).toEqual(['db']);
    expect(await readdir(folder)).toEqual(['PG_VERSION']);
  });

  it('does not overwrite a backup of the same name', async () => {
    await version('17\n');
    const now = new Date('2026-11-26T03:27:12.345Z');
    await mkdir(join(parent, 'db-pg17-backup-2026-11-26T03-27-12Z'));
    await expect(upgradeDataFolder(folder, now)).rejects.toThrow(/db-pg17-backup-2026-11-26T03-27-12Z exists already\. The folder is unchanged/);
    expect((await readdir(parent)).sort()).toEqual(['db', 'db-pg17-backup-2026-11-26T03-27-12Z']);
  });
});
