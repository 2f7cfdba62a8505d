// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { SchemaForm } from '../../../src/portal/forms/schema-form';
import { useEditToggle } from '../../../src/portal/forms/use-edit-toggle';
import { SAMPLES } from '../../../src/portal/admin/gallery/samples';
import { createRuntimeValidator } from '../support/runtime-definitions';
import { labelled, setup } from './harness';

const byId = (id: string) => document.getElementById(id) as HTMLInputElement | HTMLSelectElement;

// SAMPLES.profile: no legal middle name or suffix, no address line 2 or 3, no secondary number.
const EMPTY_TEXT_FIELDS = ['profile_givenName_middleName', 'profile_primaryAddress_address3', 'profile_secondaryPhoneNumber_phone'];

function EditableProfile({ onSubmit }: { onSubmit: (data: unknown) => Promise<unknown> }) {
  const toggle = useEditToggle();
  return <SchemaForm form="profile" formData={SAMPLES.profile} editToggle={toggle} onSubmit={onSubmit} />;
}

describe('read mode: fields with no value', () => {
  it.each([
    ['en', 'Not provided'],
    ['ja', '未入力'],
  ] as const)('say so as their value, muted, under their own label (%s)', (lang, notProvided) => {
    const { wrapper, i18n } = setup(lang);
    render(<SchemaForm form="profile" mode="readonly" formData={SAMPLES.profile} onSubmit={vi.fn()} />, { wrapper });
    for (const id of EMPTY_TEXT_FIELDS) {
      const field = byId(id);
      expect(field, id).toHaveValue(notProvided);
      expect(field, id).toHaveClass('form-input--empty');
    }
    // Found by its label: the label still names the field, whose value is the text.
    const middleName = screen.getByLabelText(labelled(i18n.t('Fields.givenName.middleName.label', { ns: 'fields' })));
    expect(middleName).toBe(byId('profile_givenName_middleName'));
    // A choice with nothing chosen (the suffix) reads the same, not "Select…" and not a blank.
    const suffix = screen.getByLabelText(labelled(i18n.t('Fields.givenName.suffix.label', { ns: 'fields' })));
    expect(suffix).toHaveDisplayValue(notProvided);
    expect(suffix).toHaveClass('form-select--empty');
    // Fields with a value are untouched.
    expect(byId('profile_givenName_firstName')).toHaveValue('Alex');
    expect(byId('profile_givenName_firstName')).not.toHaveClass('form-input--empty');
    expect(byId('profile_primaryAddress_city')).toHaveValue('Springfield');
  });

  it('leaves the data empty: Edit shows blank boxes and Save sends no "Not provided"', async () => {
    const { wrapper, i18n } = setup('en');
    const onSubmit = vi.fn(() => Promise.resolve());
    render(<EditableProfile onSubmit={onSubmit} />, { wrapper });
    const middleName = byId('profile_givenName_middleName');
    expect(middleName).toHaveValue('Not provided');
    await userEvent.click(screen.getByRole('button', { name: i18n.t('widgets:Actions.Edit') }));
    // The same element, now an empty box to type into.
    expect(byId('profile_givenName_middleName')).toBe(middleName);
    expect(middleName).toHaveValue('');
    expect(middleName).not.toHaveClass('form-input--empty');
    expect(byId('profile_givenName_suffix')).toHaveDisplayValue(i18n.t('widgets:Select.Placeholder'));
    await userEvent.click(screen.getByRole('button', { name: i18n.t('widgets:Actions.Save') }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(JSON.stringify(onSubmit.mock.calls[0])).not.toContain('Not provided');
    // Back in read mode after the save, the words are back.
    await waitFor(() => expect(middleName).toHaveValue('Not provided'));
  });

  it('never shows the words for a password or for the new e-mail address, which hold no stored value', () => {
    const { wrapper } = setup('en');
    const { unmount } = render(<SchemaForm form="password" mode="readonly" formData={SAMPLES.password} onSubmit={vi.fn()} />, { wrapper });
    for (const id of ['password_currentPassword', 'password_newPassword', 'password_confirmPassword']) expect(byId(id), id).toHaveValue('');
    unmount();
    render(<SchemaForm form="email" mode="readonly" formData={SAMPLES.email} onSubmit={vi.fn()} />, { wrapper });
    expect(byId('email_email')).toHaveValue('');
    expect(byId('email_currentPassword')).toHaveValue('');
    expect(byId('email_currentEmail')).toHaveValue('alex.morgan@example.com');
  });

  it('has no axe violations in read mode', async () => {
    const { wrapper } = setup('en');
    const { container } = render(<SchemaForm form="profile" mode="readonly" formData={SAMPLES.profile} onSubmit={vi.fn()} />, { wrapper });
    const result = await axe.run(container, { runOnly: ['wcag2a', 'wcag2aa'], rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  }, 60_000);
});

describe('read mode: the phone country code', () => {
  it('reads "+1" as one value, with no separate "+" beside it; Edit brings back the box with its "+"', async () => {
    const { wrapper, i18n } = setup('en');
    render(<EditableProfile onSubmit={vi.fn(() => Promise.resolve())} />, { wrapper });
    const code = byId('profile_primaryPhoneNumber_countryCode');
    expect(code).toHaveValue('+1');
    expect(code.parentElement?.querySelector('.form-input-prefix')).toBeNull();
    expect(code).toHaveAccessibleName(labelled(i18n.t('Fields.phone.countryCode.label', { ns: 'fields' })));
    await userEvent.click(screen.getByRole('button', { name: i18n.t('widgets:Actions.Edit') }));
    expect(byId('profile_primaryPhoneNumber_countryCode')).toBe(code);
    expect(code).toHaveValue('1');
    expect(code.previousElementSibling).toHaveTextContent('+');
  });

  it('says "Not provided" without a "+" when there is no code', () => {
    // A form of that one field: the profile's phones default their code to "1".
    const validator = createRuntimeValidator();
    const definitions = () => ({
      schema: { type: 'object', properties: { code: { type: 'string' } } } as const,
      uiSchema: { code: { 'ui:widget': 'countryCode' } },
      validator,
    });
    const { wrapper } = setup('en', definitions);
    render(<SchemaForm form="redeem" mode="readonly" formData={{}} onSubmit={vi.fn()} />, { wrapper });
    const code = byId('redeem_code');
    expect(code).toHaveValue('Not provided');
    expect(code.parentElement).not.toHaveTextContent('+');
  });
});
