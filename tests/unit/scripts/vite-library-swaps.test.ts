import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import {
  librarySwaps,
  MARKDOWN_IMPORT,
  MSAL_SWAPPED,
  msalWithoutBrokerOrPopup,
  REACT_ROUTER_PRODUCTION,
  reactRouterProduction,
  RJSF_REGISTRY_IMPORT,
  rjsfMarkdownOff,
  rjsfRegistry,
} from '../../../scripts/lib/vite-library-swaps';

// Each swap of a library's internals is checked against the installed package: the module it
// replaces is still there and still imported the way the swap expects, and the swap answers the
// stand-in for it. A library update that moves the module fails here, not silently in the bundle.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const resolve = (plugin: Plugin, source: string, importer?: string): unknown => {
  const hook = plugin.resolveId;
  const fn = typeof hook === 'function' ? hook : hook?.handler;
  return (fn as (this: unknown, s: string, i: string | undefined, o: object) => unknown).call({}, source, importer, {});
};
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

describe('the library swaps of the build', () => {
  it('RJSF: Form still imports its default registry by that name, and gets the portal’s registry', () => {
    const form = join(root, 'node_modules/@rjsf/core/lib/components/Form.js');
    expect(readFileSync(form, 'utf8')).toMatch(new RegExp(`from ['"]${RJSF_REGISTRY_IMPORT.replace(/\./g, '\\.')}['"]`));
    expect(resolve(rjsfRegistry(root), RJSF_REGISTRY_IMPORT, form)).toBe(`${root}src/portal/forms/rjsf-registry.ts`);
    // Only Form's own import: the same name from elsewhere is left alone.
    expect(resolve(rjsfRegistry(root), RJSF_REGISTRY_IMPORT, join(root, 'node_modules/@rjsf/core/lib/index.js'))).toBeNull();
  });

  it('RJSF: the rich descriptions still import markdown-to-jsx by that name, and get the stand-in', () => {
    const rich = join(root, 'node_modules/@rjsf/core/lib/components/RichDescription.js');
    expect(readFileSync(rich, 'utf8')).toMatch(new RegExp(`from ['"]${MARKDOWN_IMPORT}['"]`));
    expect(resolve(rjsfMarkdownOff(root), MARKDOWN_IMPORT)).toBe(`${root}src/portal/forms/markdown-off.tsx`);
    expect(existsSync(`${root}src/portal/forms/markdown-off.tsx`)).toBe(true);
  });

  it('react-router: its exports still name the development build, and the production files the swap takes exist', () => {
    const exports = JSON.parse(readFileSync(join(root, 'node_modules/react-router/package.json'), 'utf8')).exports as Record<
      string,
      { import?: { default?: string } }
    >;
    // When this fails because the package now exports its production build, drop the swap.
    expect(exports['.']?.import?.default).toMatch(/development/);
    for (const [source, file] of Object.entries(REACT_ROUTER_PRODUCTION)) {
      expect(existsSync(join(root, file)), file).toBe(true);
      expect(resolve(reactRouterProduction(root), source)).toBe(`${root}${file}`);
    }
  });

  it('MSAL: the broker and popup modules are still there and imported by the controller, and get the stand-ins', () => {
    const dist = join(root, 'node_modules/@azure/msal-browser/dist');
    const files = walk(dist).filter((file) => file.endsWith('.mjs'));
    const controller = readFileSync(join(dist, 'controllers/StandardController.mjs'), 'utf8');
    for (const [name, stand] of Object.entries(MSAL_SWAPPED)) {
      const module = files.find((file) => file.endsWith(`/${name}`));
      expect(module, name).toBeDefined();
      expect(
        files.some((file) => readFileSync(file, 'utf8').includes(`/${name}'`)),
        `someone imports ${name}`,
      ).toBe(true);
      expect(resolve(msalWithoutBrokerOrPopup(root), `../interaction_client/${name}`, join(dist, 'controllers/StandardController.mjs'))).toBe(
        `${root}${stand}`,
      );
      expect(existsSync(join(root, stand))).toBe(true);
    }
    expect(controller).toContain('PopupClient.mjs');
    // Only MSAL's own imports: a module of the same name elsewhere is left alone.
    expect(resolve(msalWithoutBrokerOrPopup(root), './PopupClient.mjs', join(root, 'src/portal/auth/msal.ts'))).toBeNull();
  });

  it('are all in the build, in one list', () => {
    expect(librarySwaps(root).map((p) => p.name)).toEqual(['rjsf-registry', 'rjsf-markdown-off', 'react-router-production', 'msal-without-broker-or-popup']);
    expect(readFileSync(join(root, 'vite.config.ts'), 'utf8')).toContain('...librarySwaps(root)');
  });
});
