import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, relative } from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const entriesOf = (dir, keep) => {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter(keep)
      .map((d) => d.name);
  } catch {
    return [];
  }
};

// The house rules of docs/architecture.md and docs/conventions.md: portal and server never import each other, shared imports
// neither, features never import each other, and the layers under features never import features.
const portalDir = 'src/portal';
const featureDir = `${portalDir}/features`;
const features = entriesOf(featureDir, (d) => d.isDirectory());
// The app's files but its route table, the one place that loads the admin area (lazily).
const appFilesButRoutes = entriesOf(`${portalDir}/app`, (d) => d.name !== 'routes.tsx').map((name) => `./${portalDir}/app/${name}`);

const zones = [
  { target: './src/portal', from: './src/server', message: 'The portal never imports the server.' },
  {
    target: './src/sandbox',
    from: ['./src/portal', './src/server', './src/generated'],
    message: 'The partner sandbox is another program: it imports nothing from the portal or the services.',
  },
  { target: ['./src/portal', './src/server'], from: './src/sandbox', message: 'Neither the portal nor the services import the partner sandbox.' },
  { target: './src/server', from: './src/portal', message: 'The server never imports the portal.' },
  {
    target: './src/shared',
    from: ['./src/portal', './src/server', './scripts', './tests'],
    message: 'src/shared is pure code for both sides.',
  },
  ...['forms', 'clients', 'auth', 'ui'].map((layer) => ({
    target: `./src/portal/${layer}`,
    from: ['./src/portal/features', './src/portal/app'],
    message: 'Shared portal layers never import features or the app.',
  })),
  { target: './src/portal/ui', from: './src/portal/forms', message: 'The ui layer sits below forms and never imports it.' },
  { target: './src/portal/features', from: './src/portal/app', message: 'Features never import the app.' },
  ...features.map((feature) => ({
    target: `./${featureDir}/${feature}`,
    from: `./${featureDir}`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature.',
  })),
  {
    target: [
      './src/portal/features',
      './src/portal/forms',
      './src/portal/ui',
      './src/portal/clients',
      './src/portal/auth',
      './src/portal/main.tsx',
      ...appFilesButRoutes,
    ],
    from: './src/portal/admin',
    message: 'The admin area is a room of its own: only the route table (src/portal/app/routes.tsx) loads it; no learner feature or shared layer imports it.',
  },
  {
    target: './src/portal/admin',
    from: ['./src/portal/features', './src/portal/app', './src/server'],
    message: 'The admin area never imports a learner feature or the app: it uses forms, ui, auth, clients, shared and generated code.',
  },
  {
    target: './src/portal/admin/gallery',
    from: ['./src/portal/features', './src/portal/app', './src/portal/auth', './src/portal/clients', './src/server'],
    message: 'The gallery shows forms only: it may use forms, ui, shared and generated code.',
  },
  { target: './scripts', from: './src/portal', message: 'Scripts never import the portal.' },
];

// One file-naming convention: kebab-case for every folder and file under src, scripts and tests,
// with .test, .spec, .d and .config as the only extra name parts.
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const NAME_PARTS = /^([^.]+)(?:\.(?:test|spec|d|config))?\.[cm]?[jt]sx?$/;

/** The path parts under src/, scripts/ or tests/ that break the convention. */
function namingOffences(filename, cwd) {
  const parts = relative(cwd, filename).split(/[\\/]/);
  if (!['src', 'scripts', 'tests'].includes(parts[0] ?? '')) return [];
  const offences = parts.slice(1, -1).filter((folder) => !KEBAB.test(folder));
  const stem = NAME_PARTS.exec(basename(filename))?.[1];
  if (stem === undefined || !KEBAB.test(stem)) offences.push(basename(filename));
  return offences;
}

const housePlugin = {
  rules: {
    'kebab-case-file-names': {
      meta: {
        type: 'suggestion',
        docs: { description: 'File and folder names are kebab-case (bulletproof-react style).' },
        messages: { name: "'{{part}}' is not kebab-case: name files and folders like 'home-page.tsx'." },
        schema: [],
      },
      create(context) {
        return {
          Program(node) {
            for (const part of namingOffences(context.filename, context.cwd)) {
              context.report({ node, messageId: 'name', data: { part } });
            }
          },
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/generated/**', 'test-results/**', 'playwright-report/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      // The files import-x/no-cycle follows (with the TypeScript parser of this config).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx,js}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/shared/**/*.{ts,tsx,js}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...builtinModules, 'react', 'react-dom'].map((name) => ({
            name,
            message: 'src/shared runs in the browser and on the server: no Node built-ins and no React.',
          })),
          patterns: [
            {
              group: ['node:*', 'react/*', 'react-dom/*'],
              message: 'src/shared runs in the browser and on the server: no Node built-ins and no React.',
            },
          ],
        },
      ],
    },
  },
  {
    // The app wires and lays out; an endpoint lives in src/portal/clients or in its feature.
    files: ['src/portal/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/clients/client'],
              importNames: ['request', 'requestWithHeaders'],
              message: 'The app calls no service itself: put the endpoint in src/portal/clients or in its feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // A promise is awaited, returned, or handed on with its rejection handled (`void` marks one
    // left to run on purpose), and never given where a callback's result is ignored: type-aware,
    // through each part's own tsconfig.
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts', 'tests/**/*.{ts,tsx}', '*.config.ts'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.portal.json', './tsconfig.server.json', './tsconfig.shared.json', './tsconfig.tools.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx,js}', 'scripts/**/*.{ts,tsx,js}', 'tests/**/*.{ts,tsx,js}'],
    plugins: { house: housePlugin },
    rules: { 'house/kebab-case-file-names': 'error' },
  },
  {
    files: ['src/portal/**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.configs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
