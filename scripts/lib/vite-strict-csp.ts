import type { Plugin } from 'vite';

// Two libraries the portal uses write <style> elements into the page, which a style-src 'self'
// policy refuses: sonner (toasts) injects its stylesheet when imported, and react-style-singleton
// (under Radix's dialog scroll lock) adds a rule while a modal is open. The portal imports sonner's
// stylesheet as a file instead, and the singleton adds its rule as a constructed stylesheet, which
// the policy allows. Each rewrite is checked, so a changed library fails the build, not the policy.

const SONNER = /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/;
const STYLE_SINGLETON = /[\\/]node_modules[\\/]react-style-singleton[\\/]dist[\\/][^\\/]+[\\/]singleton\.js$/;

const CONSTRUCTED_SINGLETON = `export var stylesheetSingleton = function () {
  var counter = 0;
  var sheet = null;
  return {
    add: function (style) {
      if (counter == 0 && typeof document !== 'undefined' && typeof CSSStyleSheet !== 'undefined') {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(style);
        document.adoptedStyleSheets = document.adoptedStyleSheets.concat([sheet]);
      }
      counter++;
    },
    remove: function () {
      counter--;
      if (!counter && sheet) {
        var removed = sheet;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter(function (s) { return s !== removed; });
        sheet = null;
      }
    },
  };
};
`;

export function strictCsp(): Plugin {
  return {
    name: 'portal-strict-csp',
    enforce: 'pre',
    transform(code, id) {
      if (SONNER.test(id)) {
        const patched = code.replace(/function __insertCSS\(code\) \{/, 'function __insertCSS(code) {\n  return;');
        if (patched === code) this.error('sonner no longer injects its styles the way this plugin expects (scripts/lib/vite-strict-csp.ts)');
        return { code: patched, map: null };
      }
      if (STYLE_SINGLETON.test(id)) {
        if (!code.includes('export var stylesheetSingleton')) this.error('react-style-singleton changed (scripts/lib/vite-strict-csp.ts)');
        return { code: CONSTRUCTED_SINGLETON, map: null };
      }
      return undefined;
    },
  };
}
