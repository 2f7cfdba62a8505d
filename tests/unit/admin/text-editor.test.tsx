// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { TextEditor } from '../../../src/portal/admin/texts/text-editor';
import { glossaryQuery, memoryQuery, type TextChange, type TextRow } from '../../../src/portal/admin/texts/texts-api';
import { createFormsI18n } from '../../../src/portal/forms/i18n/create-forms-i18n';

// The texts console's field checks a text as it is typed with the services' rules
// (src/shared/text-checks.ts): a text with markup the key does not allow is marked invalid at its
// field, says why, and cannot be added to the draft.

const row: TextRow = {
  key: 'Fields.address.city.label',
  namespace: 'fields',
  en: 'City',
  ja: '市区町村',
  base: { en: 'City', ja: '市区町村' },
  texts: { en: 'City', ja: '市区町村' },
  missing: [],
  stale: false,
  staleIn: [],
  overridden: [],
  usedIn: [{ kind: 'namespace', namespace: 'fields' }],
  server: null,
};

// The console's queries (glossary, translation memory) answered from the cache, as the services would.
function renderEditor(
  onAdd: (changes: TextChange[]) => void,
  options: { lang?: string; theRow?: TextRow; glossary?: Array<{ term: string; translations: Record<string, string> }> } = {},
) {
  const lang = options.lang ?? 'ja';
  const theRow = options.theRow ?? row;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(glossaryQuery().queryKey, { terms: options.glossary ?? [] });
  queryClient.setQueryData(memoryQuery(`${theRow.namespace}:${theRow.key}`, lang).queryKey, {
    key: theRow.key,
    lang,
    suggestions: [{ key: 'explore:Other', english: theRow.en ?? '', text: 'Ville', score: 1 }],
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={createFormsI18n('en')}>
        <TextEditor row={theRow} lang={lang} pending={[]} refusals={[]} onAdd={onAdd} onClose={() => undefined} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('the texts console field', () => {
  it('marks the Japanese city label with a tag holding `<` invalid, says why, and keeps it out of the draft', async () => {
    const user = userEvent.setup();
    const added: TextChange[][] = [];
    renderEditor((changes) => added.push(changes));
    const japanese = screen.getByRole('textbox', { name: 'Japanese' });
    await user.clear(japanese);
    await user.type(japanese, '市区町村<img src=x onerror=alert(1)//<>');
    expect(japanese).toHaveValue('市区町村<img src=x onerror=alert(1)//<>');
    expect(japanese).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Texts are shown as text: remove <img src=x onerror=alert(1)//<>.');
    const add = screen.getByRole('button', { name: 'Add to the draft' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    await user.click(add);
    expect(added).toEqual([]);
  });

  it('takes the same label as plain text, a lone `<` included', async () => {
    const user = userEvent.setup();
    const added: TextChange[][] = [];
    renderEditor((changes) => added.push(changes));
    const japanese = screen.getByRole('textbox', { name: 'Japanese' });
    await user.clear(japanese);
    await user.type(japanese, '市区町村 < 32');
    expect(japanese).toHaveAttribute('aria-invalid', 'false');
    await user.click(screen.getByRole('button', { name: 'Add to the draft' }));
    expect(added).toEqual([[{ key: 'fields:Fields.address.city.label', lang: 'ja', text: '市区町村 < 32' }]]);
  });

  it('edits a language added in the console beside the English, offers the translation memory, and warns at the field of a glossary term left out', async () => {
    const user = userEvent.setup();
    const added: TextChange[][] = [];
    const redeem: TextRow = {
      ...row,
      key: 'Redeem.Label',
      namespace: 'fields',
      en: 'Enter your access key',
      ja: 'アクセスキーを入力',
      base: { en: 'Enter your access key', ja: 'アクセスキーを入力' },
      texts: { en: 'Enter your access key', ja: 'アクセスキーを入力', fr: null },
      missing: ['fr'],
    };
    renderEditor((changes) => added.push(changes), {
      lang: 'fr',
      theRow: redeem,
      glossary: [{ term: 'access key', translations: { ja: 'アクセスキー', fr: 'clé d’accès' } }],
    });
    const french = screen.getByRole('textbox', { name: 'French' });
    await user.type(french, 'Saisissez votre code');
    expect(screen.getByTestId('text-warning-fr')).toHaveTextContent('The glossary translates “access key” as “clé d’accès”: this text does not use it.');
    // A warning, not a refusal: the text may still be added.
    expect(french).toHaveAttribute('aria-invalid', 'false');
    await user.clear(french);
    await user.type(french, 'Saisissez votre clé d’accès');
    expect(screen.queryByTestId('text-warning-fr')).toBeNull();
    // The memory's text goes into the field.
    expect(screen.getByTestId('texts-memory')).toHaveTextContent('The same English, in explore:Other');
    await user.click(screen.getByRole('button', { name: 'Use this text' }));
    expect(french).toHaveValue('Ville');
    await user.click(screen.getByRole('button', { name: 'Add to the draft' }));
    expect(added).toEqual([[{ key: 'fields:Redeem.Label', lang: 'fr', text: 'Ville' }]]);
  });
});
