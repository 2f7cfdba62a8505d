// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { TextEditor } from '../../../src/portal/admin/texts/text-editor';
import type { TextChange, TextRow } from '../../../src/portal/admin/texts/texts-api';
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

function renderEditor(onAdd: (changes: TextChange[]) => void) {
  return render(
    <I18nextProvider i18n={createFormsI18n('en')}>
      <TextEditor row={row} lang="ja" pending={[]} refusals={[]} onAdd={onAdd} onClose={() => undefined} />
    </I18nextProvider>,
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
});
