import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_NAMESPACES } from '../../../src/portal/app/i18n';
import { portalFile, staticGraph } from '../support/static-imports';

// The first load is the entry and the signed-in home page (its route chunk). Anything only other
// pages, a dialog or an interaction needs is loaded by import() when it is needed or after the paint.
const firstLoad = staticGraph([portalFile('main.tsx'), portalFile('app/pages/home.tsx')]);
const files = [...firstLoad.files].map((file) => relative(portalFile(''), file));

const DEFERRED_PACKAGES = [
  /^@rjsf\//, // form code: routes and dialogs that show forms
  /^ajv/,
  /^libphonenumber-js/,
  /^i18n-iso-countries/,
  /^sonner$/, // toasts: after the paint, or at the first toast
  /^@radix-ui\/react-tooltip$/, // the migration notice, only on lists that show one
  /^@radix-ui\/react-dialog$/,
];

describe('first load (shell and signed-in home)', () => {
  it('imports no form code, toast library, tooltip or dialog statically', () => {
    expect(files.filter((file) => file.startsWith('forms/'))).toEqual([]);
    expect([...firstLoad.packages].filter((name) => DEFERRED_PACKAGES.some((pattern) => pattern.test(name)))).toEqual([]);
    expect(files).not.toContain('features/certification/components/certification-frame.tsx');
  });

  it('holds nothing of the admin area, nor does a form page (the route table loads it by import() on /admin only)', () => {
    expect(files.filter((file) => file.startsWith('admin/'))).toEqual([]);
    expect([...firstLoad.packages]).not.toContain('@eslint-community/regexpp');
    const profile = staticGraph([portalFile('features/profile/profile-page.tsx')]);
    expect([...profile.files].filter((file) => file.includes('/admin/'))).toEqual([]);
    // The admin area's own graph does reach its code (so the checks above can fail).
    const room = staticGraph([portalFile('admin/admin-room.tsx')]);
    expect([...room.files].some((file) => file.includes('/admin/access/'))).toBe(true);
  });

  it('leaves languages the learner does not use out: no text file of a language added in the console (the services send them), no preview or keeping of a choice', () => {
    expect(files.filter((file) => /locales\/(?!en\/|ja\/)/.test(file))).toEqual([]);
    expect(files).not.toContain('app/language-after-sign-in.ts');
    expect(files).not.toContain('clients/languages.ts');
    // The language menu's list (loaded when opened) and the reading of any tab but the common case's.
    expect(files).not.toContain('app/shell/language-menu.tsx');
    expect(files).not.toContain('app/language-choice.ts');
    expect(files).toContain('app/shell/footer.tsx');
    // Loaded by import() after sign-in, when there is something to do; its own graph reaches the calls (so the checks above can fail).
    expect([...staticGraph([portalFile('app/language-after-sign-in.ts')]).files].some((file) => file.endsWith('clients/languages.ts'))).toBe(true);
  });

  it('leaves "show keys" out: its panel loads by import() once the localisation role turns it on', () => {
    expect(files).not.toContain('app/show-keys/show-keys-on.tsx');
    // The shell does reach the switch and the state that decides (so the check above can fail).
    expect(files).toContain('app/show-keys/show-keys.tsx');
    expect(files).toContain('app/show-keys/show-keys-state.ts');
  });

  it('leaves MSAL out: its chunk loads beside the first paint (app/boot.tsx, auth/session-start.ts)', () => {
    expect([...firstLoad.packages].filter((name) => name.startsWith('@azure/'))).toEqual([]);
    expect(files).not.toContain('auth/session-start.ts');
    expect(files).not.toContain('auth/msal.ts');
    // The session's own graph does reach MSAL (so the checks above can fail).
    expect(staticGraph([portalFile('auth/session-start.ts')]).packages.has('@azure/msal-browser')).toBe(true);
  });

  // The frames of pages other than home (their heading and intro, routes.tsx) paint before the session
  // too, but only once their route's texts are there (frameReady in routes.tsx, awaited in boot.tsx).
  const FRAMES_AFTER_THEIR_TEXTS = [
    'features/account/account-frame.tsx',
    'features/profile/exam-frame.tsx',
    'features/profile/profile-frame.tsx',
    'features/training/training-frame.tsx',
  ];

  it('shows only texts of the namespaces loaded before the first render', () => {
    const used = new Set<string>();
    for (const file of firstLoad.files) {
      if (!file.endsWith('.tsx') && !file.endsWith('.ts')) continue;
      if (FRAMES_AFTER_THEIR_TEXTS.includes(relative(portalFile(''), file))) continue;
      const source = readFileSync(file, 'utf8');
      for (const [, list] of source.matchAll(/useTranslation\(([^)]*)\)/g)) for (const [, ns] of (list ?? '').matchAll(/'([a-z-]+)'/g)) used.add(ns!);
      for (const [, ns] of source.matchAll(/ns: '([a-z-]+)'/g)) used.add(ns!);
      for (const [, ns] of source.matchAll(/['`]([a-z]+):[A-Z]/g)) used.add(ns!);
    }
    expect(used.size).toBeGreaterThan(3);
    expect([...used].filter((ns) => !FIRST_PAINT_NAMESPACES.includes(ns))).toEqual([]);
    // Each frame named above is in the first load (else the list would hide nothing).
    expect(FRAMES_AFTER_THEIR_TEXTS.filter((frame) => !files.includes(frame))).toEqual([]);
  });

  it('keeps the Japanese country names out of English form pages (they load for a Japanese UI only)', () => {
    const profile = staticGraph([portalFile('features/profile/profile-page.tsx')]);
    const names = [...profile.files].filter((file) => file.includes('/generated/country-names/')).map((file) => file.replace(/.*\//, ''));
    expect(names).toEqual(['en.json']);
    // The names are generated from i18n-iso-countries at build time; the library itself stays out.
    expect([...profile.packages].filter((name) => name.startsWith('i18n-iso-countries'))).toEqual([]);
  });

  it('paints form pages before the form engine: RJSF and the theme come by import() when a form shows', () => {
    for (const page of ['features/profile/profile-page.tsx', 'features/profile/exam-profile-page.tsx', 'features/account/account-page.tsx']) {
      const graph = staticGraph([portalFile(page)]);
      expect([...graph.files].filter((file) => /forms\/(schema-form-core|theme|rjsf-registry)\.tsx?$/.test(file))).toEqual([]);
      expect(graph.packages.has('@rjsf/core')).toBe(false);
    }
  });

  it('leaves the form-activity recorder out of the first load and out of form pages until the form engine or a modal loads', () => {
    expect(files).not.toContain('clients/form-activity.ts');
    const profile = staticGraph([portalFile('features/profile/profile-page.tsx')]);
    expect([...profile.files].filter((file) => file.endsWith('clients/form-activity.ts'))).toEqual([]);
    // It comes with them (so the checks above can fail).
    expect([...staticGraph([portalFile('forms/schema-form-core.tsx')]).files].some((file) => file.endsWith('clients/form-activity.ts'))).toBe(true);
    expect([...staticGraph([portalFile('ui/modal/modal.tsx')]).files].some((file) => file.endsWith('clients/form-activity.ts'))).toBe(true);
  });

  it('sees form code where a page does import it (so the checks above can fail)', () => {
    const profile = staticGraph([portalFile('features/profile/profile-page.tsx')]);
    expect([...profile.files].some((file) => file.includes('/forms/'))).toBe(true);
    const engine = staticGraph([portalFile('forms/schema-form-core.tsx')]);
    expect(engine.packages.has('@rjsf/core')).toBe(true);
    const toast = staticGraph([portalFile('features/training/components/migration-notice.tsx')]);
    expect([...toast.packages]).toContain('@radix-ui/react-tooltip');
  });
});
