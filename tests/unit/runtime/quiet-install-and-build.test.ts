import { readFileSync } from 'node:fs';
import { createLogger, loadConfigFromFile } from 'vite';

// `npm install && npm start` prints nothing the README does not explain: every package with an
// install script is decided on in package.json's allowScripts (npm warns about any that is not), and
// the Vite configuration uses nothing Vite's native config loader would warn about on each build.
const root = process.cwd();
const json = (file: string) => JSON.parse(readFileSync(`${root}/${file}`, 'utf8')) as Record<string, unknown>;

it('allowScripts decides on every package of the lock file that has an install script', () => {
  const allowed = Object.keys((json('package.json').allowScripts ?? {}) as Record<string, boolean>);
  const packages = (json('package-lock.json').packages ?? {}) as Record<string, { hasInstallScript?: boolean }>;
  const withScripts = Object.entries(packages)
    .filter(([path, info]) => path !== '' && info.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
  expect(withScripts.length).toBeGreaterThan(0);
  expect(withScripts.filter((name) => !allowed.includes(name))).toEqual([]);
});

it("the Vite configuration loads without the native config loader's warning", async () => {
  const warnings: string[] = [];
  const logger = createLogger('warn');
  logger.warn = (message) => void warnings.push(message);
  logger.warnOnce = (message) => void warnings.push(message);
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, `${root}/vite.config.ts`, root, 'warn', logger);
  expect(loaded?.config.build?.outDir).toMatch(/dist\/portal$/);
  expect(warnings.filter((w) => /configLoader/.test(w))).toEqual([]);
});
