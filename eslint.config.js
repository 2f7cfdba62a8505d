import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The house rules of architecture.md: portal and server never import each other, shared imports
// neither, features never import each other, and the layers under features never import features.
const featureDir = 'src/portal/features';
const features = (() => {
  try {
    return readdirSync(featureDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
})();

const zones = [
  { target: './src/portal', from: './src/server', message: 'The portal never imports the server.' },
  { target: './src/server', from: './src/portal', message: 'The server never imports the portal.' },
  { target: './src/shared', from: ['./src/portal', './src/server'], message: 'src/shared is pure code for both sides.' },
  ...['forms', 'api', 'auth', 'ui'].map((layer) => ({
    target: `./src/portal/${layer}`,
    from: ['./src/portal/features', './src/portal/app'],
    message: 'Shared portal layers never import features or the app.',
  })),
  { target: './src/portal/features', from: './src/portal/app', message: 'Features never import the app.' },
  ...features.map((feature) => ({
    target: `./${featureDir}/${feature}`,
    from: `./${featureDir}`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature.',
  })),
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/generated/**', 'test-results/**', 'playwright-report/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
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
