import { ESLint } from 'eslint';

// The import rules of the house (architecture.md), checked on code as it would stand in each room.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

describe('house import rules', () => {
  it('a feature never imports another feature', async () => {
    const found = await restrictedImports(
      'src/portal/features/account/Probe.ts',
      "import { HomePage } from '../home/HomePage';\nexport const probe = HomePage;\n",
    );
    expect(found.join()).toMatch(/A feature never imports another feature/);
  });

  it('a feature may import its own files and the shared layers', async () => {
    const found = await restrictedImports(
      'src/portal/features/account/Probe.ts',
      "import { AccountPage } from './AccountPage';\nimport { notifyError } from '../../ui/toast/toast';\nexport const probe = [AccountPage, notifyError];\n",
    );
    expect(found).toEqual([]);
  });

  it('the portal and the server never import each other; shared imports neither', async () => {
    expect(
      (await restrictedImports('src/portal/app/Probe.ts', "import { loadConfig } from '../../server/config';\nexport const p = loadConfig;\n")).join(),
    ).toMatch(/portal never imports the server/);
    expect(
      (await restrictedImports('src/server/Probe.ts', "import { usePortalConfig } from '../portal/api/config';\nexport const p = usePortalConfig;\n")).join(),
    ).toMatch(/server never imports the portal/);
    expect(
      (await restrictedImports('src/shared/Probe.ts', "import { loadConfig } from '../server/config';\nexport const p = loadConfig;\n")).join(),
    ).toMatch(/src\/shared is pure code/);
  });

  it('the forms layer never imports a feature', async () => {
    const found = await restrictedImports(
      'src/portal/forms/Probe.ts',
      "import { HomePage } from '../features/home/HomePage';\nexport const p = HomePage;\n",
    );
    expect(found.join()).toMatch(/never import features/);
  });
});
