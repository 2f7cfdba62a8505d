import { ESLint } from 'eslint';

// The rules of the house (docs/architecture.md, docs/conventions.md), checked on code as it would stand in each room.
// The code below stands in files that are not on disk, which no tsconfig holds: the type-aware
// promise rules (checked on the real tree by npm run lint) are off here, the house rules are not.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    languageOptions: { parserOptions: { project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function reported(ruleId: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

const restrictedImports = (filePath: string, code: string) => reported('import-x/no-restricted-paths', filePath, code);

describe('house import rules', () => {
  it('a feature never imports another feature', async () => {
    const found = await restrictedImports(
      'src/portal/features/account/probe.ts',
      "import { HomePage } from '../home/home-page';\nexport const probe = HomePage;\n",
    );
    expect(found.join()).toMatch(/A feature never imports another feature/);
  });

  it('a feature may import its own files and the shared layers', async () => {
    const found = await restrictedImports(
      'src/portal/features/account/probe.ts',
      "import { AccountPage } from './account-page';\nimport { notifyError } from '../../ui/toast/toast';\nimport { useProfile } from '../../clients/profile';\nexport const probe = [AccountPage, notifyError, useProfile];\n",
    );
    expect(found).toEqual([]);
  });

  it('the portal and the server never import each other; shared imports neither', async () => {
    expect(
      (await restrictedImports('src/portal/app/probe.ts', "import { loadConfig } from '../../server/config';\nexport const p = loadConfig;\n")).join(),
    ).toMatch(/portal never imports the server/);
    expect(
      (
        await restrictedImports('src/server/probe.ts', "import { usePortalConfig } from '../portal/clients/config';\nexport const p = usePortalConfig;\n")
      ).join(),
    ).toMatch(/server never imports the portal/);
    expect((await restrictedImports('src/shared/probe.ts', "import { loadConfig } from '../server/config';\nexport const p = loadConfig;\n")).join()).toMatch(
      /src\/shared is pure code/,
    );
  });

  it('the forms layer never imports a feature', async () => {
    const found = await restrictedImports('src/portal/forms/probe.ts', "import { HomePage } from '../features/home/home-page';\nexport const p = HomePage;\n");
    expect(found.join()).toMatch(/never import features/);
  });

  it('the clients layer never imports a feature or the app', async () => {
    const found = await restrictedImports(
      'src/portal/clients/probe.ts',
      "import { createQueryClient } from '../app/query-client';\nexport const p = createQueryClient;\n",
    );
    expect(found.join()).toMatch(/never import features or the app/);
  });

  it('the ui layer never imports the forms layer', async () => {
    const found = await restrictedImports(
      'src/portal/ui/links/probe.ts',
      "import { SchemaForm } from '../../forms/schema-form';\nexport const p = SchemaForm;\n",
    );
    expect(found.join()).toMatch(/ui layer sits below forms/);
  });

  it('the gallery uses forms, ui and shared code, and nothing of the app', async () => {
    const allowed = await restrictedImports(
      'src/portal/admin/gallery/probe.ts',
      "import { SchemaFormCore } from '../../forms/schema-form-core';\nimport { Modal } from '../../ui/modal/modal';\nimport { toProfileView } from '../../../shared/profile/view';\nexport const p = [SchemaFormCore, Modal, toProfileView];\n",
    );
    expect(allowed).toEqual([]);
    for (const [from, name] of [
      ['../../features/home/home-page', 'HomePage'],
      ['../../app/query-client', 'createQueryClient'],
      ['../../auth/msal', 'createMsal'],
      ['../../clients/client', 'request'],
      ['../../../server/config', 'loadConfig'],
    ] as const) {
      const found = await restrictedImports('src/portal/admin/gallery/probe.ts', `import { ${name} } from '${from}';\nexport const p = ${name};\n`);
      expect(found.join(), from).toMatch(/gallery shows forms only/);
    }
  });

  it('the admin area is a room of its own: no learner feature, shared layer or app file but the route table imports it', async () => {
    for (const [filePath, from] of [
      ['src/portal/main.tsx', './admin/admin-room'],
      ['src/portal/app/app.tsx', '../admin/admin-room'],
      ['src/portal/app/shell/probe.ts', '../../admin/admin-room'],
      ['src/portal/features/home/probe.ts', '../../admin/admin-room'],
      ['src/portal/features/profile/probe.ts', '../../admin/rules/changes'],
      ['src/portal/forms/probe.ts', '../admin/gallery/samples'],
      ['src/portal/ui/probe.ts', '../admin/admin-room'],
      ['src/portal/clients/probe.ts', '../admin/api/query-keys'],
      ['src/portal/auth/probe.ts', '../admin/admin-room'],
    ] as const) {
      const found = await restrictedImports(filePath, `import * as room from '${from}';\nexport const p = room;\n`);
      expect(found.join(), filePath).toMatch(/admin area is a room of its own/);
    }
    // Loaded lazily, by import(), is still an import.
    const lazy = await restrictedImports('src/portal/features/home/probe.ts', "export const load = () => import('../../admin/admin-room');\n");
    expect(lazy.join()).toMatch(/admin area is a room of its own/);
    // The route table loads it (lazily).
    expect(await restrictedImports('src/portal/app/routes.tsx', "export const load = () => import('../admin/admin-room');\n")).toEqual([]);
  });

  it('the admin area never imports a learner feature or the app, and may use the shared layers', async () => {
    for (const [from, name] of [
      ['../features/home/home-page', 'HomePage'],
      ['../app/i18n', 'loadAllNamespaces'],
      ['../../server/config', 'loadConfig'],
    ] as const) {
      const found = await restrictedImports('src/portal/admin/probe.ts', `import { ${name} } from '${from}';\nexport const p = ${name};\n`);
      expect(found.join(), from).toMatch(/admin area never imports a learner feature or the app/);
    }
    const allowed = await restrictedImports(
      'src/portal/admin/probe.ts',
      "import { SchemaForm } from '../forms/schema-form';\nimport { Modal } from '../ui/modal/modal';\nimport { useAdminRoles } from '../auth/roles';\nimport { request } from '../clients/client';\nimport { toProfileView } from '../../shared/profile/view';\nexport const p = [SchemaForm, Modal, useAdminRoles, request, toProfileView];\n",
    );
    expect(allowed).toEqual([]);
  });

  it('scripts never import the portal, and may import the server and generated code', async () => {
    expect(
      (await restrictedImports('scripts/probe.ts', "import { request } from '../src/portal/clients/client';\nexport const p = request;\n")).join(),
    ).toMatch(/Scripts never import the portal/);
    expect(
      await restrictedImports(
        'scripts/probe.ts',
        "import { loadConfig } from '../src/server/config';\nimport { rootKeys } from '../src/generated/validators';\nexport const p = [loadConfig, rootKeys];\n",
      ),
    ).toEqual([]);
  });
});

describe('the app', () => {
  it('calls no service itself', async () => {
    const found = await reported(
      'no-restricted-imports',
      'src/portal/app/shell/probe.ts',
      "import { request } from '../../clients/client';\nexport const p = () => request('identity', '/api/profiles');\n",
    );
    expect(found.join()).toMatch(/The app calls no service itself/);
  });

  it('may configure the client and use the shared queries', async () => {
    const found = await reported(
      'no-restricted-imports',
      'src/portal/app/probe.ts',
      "import { configureApi } from '../clients/client';\nimport { useCmpRole } from '../clients/cmp-role';\nexport const p = [configureApi, useCmpRole];\n",
    );
    expect(found).toEqual([]);
  });
});

describe('shared code', () => {
  const sharedImports = (code: string) => reported('no-restricted-imports', 'src/shared/probe.ts', code);

  it('imports no Node built-in, with or without the node: prefix', async () => {
    expect((await sharedImports("import { readFileSync } from 'node:fs';\nexport const p = readFileSync;\n")).join()).toMatch(/no Node built-ins/);
    expect((await sharedImports("import { join } from 'path';\nexport const p = join;\n")).join()).toMatch(/no Node built-ins/);
  });

  it('imports no React', async () => {
    expect((await sharedImports("import { useState } from 'react';\nexport const p = useState;\n")).join()).toMatch(/no React/);
    expect((await sharedImports("import { createRoot } from 'react-dom/client';\nexport const p = createRoot;\n")).join()).toMatch(/no React/);
  });

  it('may import plain libraries and its own files', async () => {
    expect(
      await sharedImports(
        "import { applyPatch } from 'fast-json-patch';\nimport { toProfileView } from './profile-view';\nexport const p = [applyPatch, toProfileView];\n",
      ),
    ).toEqual([]);
  });

  it('the rule is scoped to src/shared', async () => {
    expect(await reported('no-restricted-imports', 'src/server/probe.ts', "import { readFileSync } from 'node:fs';\nexport const p = readFileSync;\n")).toEqual(
      [],
    );
  });
});

describe('import cycles', () => {
  it('an import that closes a cycle is reported', async () => {
    // client.ts imports errors.ts: errors.ts importing client.ts back closes the loop.
    const found = await reported('import-x/no-cycle', 'src/portal/clients/errors.ts', "import { request } from './client';\nexport const p = request;\n");
    expect(found.join()).toMatch(/Dependency cycle/);
  });

  it('a one-way import is not', async () => {
    expect(await reported('import-x/no-cycle', 'src/portal/clients/probe.ts', "import { request } from './client';\nexport const p = request;\n")).toEqual([]);
  });
});

describe('file names', () => {
  const naming = (filePath: string) => reported('house/kebab-case-file-names', filePath, 'export const p = 1;\n');

  it('reports a file or folder under src, scripts or tests that is not kebab-case', async () => {
    expect((await naming('src/portal/features/home/HomePage.tsx')).join()).toMatch(/'HomePage\.tsx' is not kebab-case/);
    expect((await naming('src/portal/app/queryClient.ts')).join()).toMatch(/'queryClient\.ts' is not kebab-case/);
    expect((await naming('src/server/db/migrations/0003_more.ts')).join()).toMatch(/'0003_more\.ts' is not kebab-case/);
    expect((await naming('scripts/lib/schemaFiles.ts')).join()).toMatch(/is not kebab-case/);
    expect((await naming('tests/unit/portal/apiClient.test.ts')).join()).toMatch(/is not kebab-case/);
    expect((await naming('src/portal/UI/probe.ts')).join()).toMatch(/'UI' is not kebab-case/);
    expect((await naming('src/server/identity/accounts.handlers.ts')).join()).toMatch(/is not kebab-case/);
  });

  it('accepts kebab-case names with the test, spec, declaration and config suffixes', async () => {
    for (const filePath of [
      'src/portal/features/home/home-page.tsx',
      'src/portal/app/query-client.ts',
      'tests/unit/portal/client.test.ts',
      'tests/unit/forms/render-cost.test.tsx',
      'tests/e2e/shell-session.spec.ts',
      'src/portal/vite-env.d.ts',
      'scripts/lib/bench.config.ts',
      'src/server/db/migrations/0001-initial.ts',
    ]) {
      expect(await naming(filePath), filePath).toEqual([]);
    }
  });

  it('leaves files outside src, scripts and tests alone', async () => {
    expect(await naming('vite.config.ts')).toEqual([]);
  });
});
