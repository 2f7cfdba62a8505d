// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serverFieldErrors } from '../../../src/portal/forms/errors/server-errors';
import { SchemaForm } from '../../../src/portal/forms/schema-form';
import { SAMPLES } from '../../../src/portal/admin/gallery/samples';
import { labelled, setup } from './harness';

function errorOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('__error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('|');
}

describe.each([
  [
    'en',
    'Required',
    'Invalid city',
    'Invalid city: at most 32 characters',
    'Invalid name: use Latin characters only (such as A–Z, é, ñ), and none of these: " , >',
  ],
  [
    'ja',
    '必須項目です',
    '市区町村が正しくありません',
    '市区町村が正しくありません。32文字以内で入力してください',
    '名前が正しくありません。ラテン文字（A～Z、é、ñ など）のみ使用でき、次の文字は使えません: " , >',
  ],
] as const)('errors at their fields (%s)', (lang, required, invalidCity, cityTooLong, latinName) => {
  const { wrapper, i18n } = setup(lang);
  const label = (key: string) => i18n.t(key, { ns: 'fields' });

  it('shows required errors at the missing fields, translated, with aria links', async () => {
    const onSubmit = vi.fn();
    const { container } = render(
      <SchemaForm form="profile" formData={{ ...SAMPLES.profile, givenName: { firstName: '', lastName: '' } }} onSubmit={onSubmit} />,
      { wrapper },
    );
    await userEvent.click(screen.getByRole('button', { name: i18n.t('widgets:Actions.Submit') }));
    const first = screen.getByLabelText(labelled(label('Fields.givenName.firstName.label')));
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(first)).toBe(required);
    expect(errorOf(screen.getByLabelText(labelled(label('Fields.givenName.lastName.label'))))).toBe(required);
    expect(onSubmit).not.toHaveBeenCalled();
    // No raw Ajv English anywhere, and no top error list.
    expect(container.textContent).not.toMatch(/must (have|match|be)/);
    expect(first).toHaveFocus();
  });

  it('rejects a 33-character city with the schema message and its limit, keeping what was typed', async () => {
    render(<SchemaForm form="profile" formData={SAMPLES.profile} onSubmit={vi.fn()} />, { wrapper });
    const city = screen.getByLabelText(labelled(label('Fields.address.city.label')));
    await userEvent.clear(city);
    await userEvent.type(city, 'x'.repeat(33));
    await userEvent.click(screen.getByRole('button', { name: i18n.t('widgets:Actions.Submit') }));
    expect(errorOf(city)).toBe(cityTooLong);
    expect(city).toHaveValue('x'.repeat(33));
  });

  it('asks for Latin characters and names the refused ones when a name is in another script', async () => {
    render(<SchemaForm form="profile" formData={{ ...SAMPLES.profile, givenName: { firstName: '太郎', lastName: 'Ok' } }} onSubmit={vi.fn()} />, { wrapper });
    await userEvent.click(screen.getByRole('button', { name: i18n.t('widgets:Actions.Submit') }));
    expect(errorOf(screen.getByLabelText(labelled(label('Fields.givenName.firstName.label'))))).toBe(latinName);
  });

  it("says the limit a service's field error carries", () => {
    const errors = serverFieldErrors({
      statusCode: 400,
      message: 'The request has invalid fields.',
      errors: [
        { path: '/primaryAddress/city', key: 'Validation.InvalidCity', params: { rule: 'maxLength', limit: 32 } },
        { path: '/givenName/firstName', key: 'Validation.InvalidName', params: { rule: 'characters', characters: '" , >' } },
      ],
    });
    render(<SchemaForm form="profile" formData={SAMPLES.profile} serverErrors={errors} onSubmit={vi.fn()} />, { wrapper });
    expect(errorOf(screen.getByLabelText(labelled(label('Fields.address.city.label'))))).toBe(cityTooLong);
    expect(errorOf(screen.getByLabelText(labelled(label('Fields.givenName.firstName.label'))))).toBe(latinName);
  });

  it('shows server errors (path -> key) at their fields', () => {
    render(
      <SchemaForm
        form="profile"
        formData={SAMPLES.profile}
        serverErrors={{ '/primaryAddress/city': 'Validation.InvalidCity', 'givenName.firstName': 'Validation.InvalidName' }}
        onSubmit={vi.fn()}
      />,
      { wrapper },
    );
    const city = screen.getByLabelText(labelled(label('Fields.address.city.label')));
    expect(errorOf(city)).toBe(invalidCity);
    expect(city).toHaveAttribute('aria-invalid', 'true');
    const first = screen.getByLabelText(labelled(label('Fields.givenName.firstName.label')));
    expect(errorOf(first)).toBe(i18n.t('Validation.InvalidName', { ns: 'validation' }));
  });
});

describe('labels and help', () => {
  const { wrapper, i18n } = setup('ja');
  it('names each input by its translated label and links its help', () => {
    render(<SchemaForm form="redeem" formData={{}} onSubmit={vi.fn()} />, { wrapper });
    const key = screen.getByLabelText(labelled(i18n.t('Fields.accessKey.label', { ns: 'fields' })));
    const helpId = key.getAttribute('aria-describedby')!;
    expect(document.getElementById(helpId)).toHaveTextContent(i18n.t('Fields.accessKey.help', { ns: 'fields' }));
    expect(within(document.body).getByRole('button', { name: '送信' })).toBeInTheDocument();
  });
});
