// @vitest-environment jsdom
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createFormsI18n } from '../../../src/portal/forms/i18n/create-forms-i18n';
import type { FormName } from '../../../src/portal/forms/definitions';
import { GalleryApp } from '../../../src/portal/gallery/gallery-app';
import { createRuntimeDefinitions } from '../support/runtime-definitions';

// Vitest runs from the project root (vite.config.ts test.root).
const schemasDir = join(process.cwd(), 'schemas/');

/** Serves schemas/ as the dev server or `npm start` would, with optional edits to one file. */
function serveSchemas(edit?: (path: string, json: Record<string, unknown>) => void) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const path = /schemas\/((?:forms|defs|ui)\/[^?]+\.json)/.exec(url)?.[1];
    if (!path) return new Response(null, { status: 404 });
    const json = JSON.parse(await readFile(`${schemasDir}${path}`, 'utf8')) as Record<string, unknown>;
    edit?.(path, json);
    return new Response(JSON.stringify(json), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

/**
 * Stands in for the server's compiled modules (GET /gallery/forms/<form>.js, tested on the server
 * and in the browser): the same schema files, edited the same way, compiled here.
 */
function compileSchemas(edit?: (path: string, json: Record<string, unknown>) => void) {
  return async (form: FormName) => {
    const files: Record<string, unknown> = {};
    for (const folder of ['forms', 'defs']) {
      for (const name of await readdir(join(schemasDir, folder))) {
        const path = `${folder}/${name}`;
        const json = JSON.parse(await readFile(`${schemasDir}${path}`, 'utf8')) as Record<string, unknown>;
        edit?.(path, json);
        files[path] = json;
      }
    }
    const { schema, validator } = createRuntimeDefinitions(files, {})(form);
    return { schema, validator };
  };
}

function renderGallery(edit?: (path: string, json: Record<string, unknown>) => void) {
  const i18n = createFormsI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <GalleryApp loadForm={compileSchemas(edit)} />
    </I18nextProvider>,
  );
  return i18n;
}

afterEach(() => vi.unstubAllGlobals());

describe('form gallery', () => {
  it('renders every form from the fetched schema files, with its rules, in English and Japanese', async () => {
    vi.stubGlobal('fetch', serveSchemas());
    renderGallery();
    const profile = await screen.findByRole('region', { name: 'Profile' }, { timeout: 10_000 });
    expect(within(profile).getByRole('row', { name: /primaryAddress\/city/ })).toHaveTextContent('At most 32 characters');
    for (const name of ['Exam-delivery profile', 'Demographics', 'Company and country', 'Change e-mail', 'Change password', 'Redeem an access key', 'Course picker']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: '日本語' }));
    expect(await screen.findByRole('heading', { name: 'フォームギャラリー', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'プロフィール' })).getByRole('row', { name: /primaryAddress\/city/ })).toHaveTextContent('32 文字以内');
  }, 60_000);

  it('shows an edited schema file on the next load, with no code change', async () => {
    const edit = (path: string, json: Record<string, unknown>) => {
      if (path === 'defs/address.schema.json') (json.properties as { city: { maxLength: number } }).city.maxLength = 20;
    };
    vi.stubGlobal('fetch', serveSchemas(edit));
    renderGallery(edit);
    const profile = await screen.findByRole('region', { name: 'Profile' }, { timeout: 10_000 });
    expect(within(profile).getByRole('row', { name: /primaryAddress\/city/ })).toHaveTextContent('At most 20 characters');
    const city = document.getElementById('profile_primaryAddress_city') as HTMLInputElement;
    await userEvent.clear(city);
    await userEvent.click(city);
    await userEvent.paste('Rancho Santa Margarit');
    expect(document.getElementById('profile_primaryAddress_city__error')).toHaveTextContent('Invalid city');
  }, 60_000);
});
