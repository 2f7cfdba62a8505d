import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { satisfies } from 'semver';

// The project pins its Node.js (the registry's `node` package, first on the PATH of every npm
// script): the tests, and the child processes the server forks, must run on that one.
const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  devEngines: { runtime: { name: string; version: string; onFail: string } };
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const pinned = manifest.devDependencies.node ?? '';
const major = (version: string) => Number(/^v?(\d+)\./.exec(version)?.[1]);

describe('Node.js runtime', () => {
  it('runs the tests on the pinned Node.js', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(process.version).toBe(`v${pinned}`);
  });

  it('is a long-term support release (oidc-provider warns "Unsupported runtime" on any other)', () => {
    expect(process.release.lts).toBeTruthy();
  });

  it('declares the same major version in engines', () => {
    expect(manifest.engines.node).toBe(`>=${major(pinned)} <${major(pinned) + 1}`);
  });

  // npm skips the project's own engines check when devEngines is declared; npm weighs devEngines
  // against the Node.js running npm, not the pinned one, so a mismatch there is no news either.
  it('declares the runtime in devEngines too, so npm install does not weigh the project against the Node.js running npm', () => {
    expect(manifest.devEngines).toEqual({ runtime: { name: 'node', version: manifest.engines.node, onFail: 'ignore' } });
  });

  // What npm install would warn about (EBADENGINE) if it ran on the pinned runtime: the warnings
  // that do apply. None may, whatever Node.js runs npm itself.
  it("every installed package's declared engines.node accepts the pinned runtime", () => {
    const refused = Object.entries(lock.packages)
      .filter(([path, info]) => path !== '' && info.engines && !Array.isArray(info.engines) && info.engines.node)
      .filter(([, info]) => !satisfies(pinned, (info.engines as { node: string }).node, { includePrerelease: true }))
      .map(([path, info]) => `${path}@${info.version}: ${(info.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });

  it('forks child processes (the partner sandbox) on the same runtime', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runtime-'));
    const entry = join(dir, 'child.mjs');
    writeFileSync(entry, 'process.send(process.version, () => process.exit(0));\n');
    try {
      // fork() starts process.execPath, as main.ts does for the sandbox.
      const child = fork(entry, [], { stdio: 'ignore' });
      const version = await new Promise<unknown>((resolve, reject) => {
        child.once('message', resolve);
        child.once('error', reject);
      });
      expect(version).toBe(`v${pinned}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
