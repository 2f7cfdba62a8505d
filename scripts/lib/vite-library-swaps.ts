import type { Plugin } from 'vite';

// The build swaps four library internals, each for a smaller bundle. Each swap names a file
// inside a package, so a library update that moves or renames that file turns the swap off
// silently: the build still works, only bigger (or, for react-router, with its development
// warnings). tests/unit/scripts/vite-library-swaps.test.ts checks each against the installed
// package, so an update that breaks one fails the unit tests instead.
//
// Upgrade note: after `npm install` of a new major of @rjsf/core, react-router or
// @azure/msal-browser, run that test; when it fails, find the module's new name in the package's
// dist folder and update the matching swap below (or drop it when the library stops needing it),
// then compare `npm run bench:web`'s first-load and profile-route sizes with docs/performance.md.

/** The project root, with a trailing slash. */
type Root = string;

/**
 * RJSF's Form builds its registry from every field, template and widget RJSF ships; the portal's
 * forms reach a handful of them, so Form gets src/portal/forms/rjsf-registry.ts in place of that
 * module and the rest stays out of the bundle. Only Form's own import of it is swapped.
 */
export const RJSF_FORM = /[\\/]@rjsf[\\/]core[\\/]lib[\\/]components[\\/]Form\.js$/;
export const RJSF_REGISTRY_IMPORT = '../getDefaultRegistry.js';
export function rjsfRegistry(root: Root): Plugin {
  return {
    name: 'rjsf-registry',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === RJSF_REGISTRY_IMPORT && importer && RJSF_FORM.test(importer)) return `${root}src/portal/forms/rjsf-registry.ts`;
      return null;
    },
  };
}

/**
 * react-router's package exports name only its development build, warnings and all
 * (remix-run/react-router#12532, meant to be temporary); the production build it ships beside it is
 * what the portal's build takes. `npm run dev` and the tests keep the development one.
 */
export const REACT_ROUTER_PRODUCTION = {
  'react-router': 'node_modules/react-router/dist/production/index.mjs',
  'react-router/dom': 'node_modules/react-router/dist/production/dom-export.mjs',
} as const;
export function reactRouterProduction(root: Root): Plugin {
  return {
    name: 'react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      const file = REACT_ROUTER_PRODUCTION[source as keyof typeof REACT_ROUTER_PRODUCTION];
      return file ? `${root}${file}` : null;
    },
  };
}

/**
 * MSAL's controller imports every interaction client, whether or not the configuration can reach
 * it. The portal's can reach neither the platform broker (Microsoft Entra ID only; `allowPlatformBroker`
 * is never set) nor popups (sign-in and sign-out are redirects), so in the build those modules are
 * replaced by stand-ins that throw if ever reached (src/portal/auth/msal-build).
 */
export const MSAL_DIST = /[\\/]@azure[\\/]msal-browser[\\/]dist[\\/]/;
export const MSAL_SWAPPED = {
  'PlatformAuthProvider.mjs': 'src/portal/auth/msal-build/platform-broker-off.ts',
  'PlatformAuthInteractionClient.mjs': 'src/portal/auth/msal-build/platform-broker-off.ts',
  'PopupClient.mjs': 'src/portal/auth/msal-build/popup-off.ts',
} as const;
export function msalWithoutBrokerOrPopup(root: Root): Plugin {
  return {
    name: 'msal-without-broker-or-popup',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !MSAL_DIST.test(importer)) return null;
      const stand = MSAL_SWAPPED[source.slice(source.lastIndexOf('/') + 1) as keyof typeof MSAL_SWAPPED];
      return stand ? `${root}${stand}` : null;
    },
  };
}

/**
 * RJSF's rich descriptions render Markdown through markdown-to-jsx; the portal's forms never give
 * RJSF Markdown (every text comes from i18next as plain text), so the import gets a stand-in
 * (src/portal/forms/markdown-off.tsx) in the build, the dev server and the tests alike.
 */
export const MARKDOWN_IMPORT = 'markdown-to-jsx/react';
export function rjsfMarkdownOff(root: Root): Plugin {
  return {
    name: 'rjsf-markdown-off',
    enforce: 'pre',
    resolveId(source) {
      return source === MARKDOWN_IMPORT ? `${root}src/portal/forms/markdown-off.tsx` : null;
    },
  };
}

/** Every swap, in the order the build applies them. */
export const librarySwaps = (root: Root): Plugin[] => [rjsfRegistry(root), rjsfMarkdownOff(root), reactRouterProduction(root), msalWithoutBrokerOrPopup(root)];
