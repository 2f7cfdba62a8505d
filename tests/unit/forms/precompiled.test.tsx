// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import { createFormsI18n } from '../../../src/portal/forms/i18n/create-forms-i18n';
import { SchemaForm } from '../../../src/portal/forms/schema-form';
import { SAMPLES } from '../../../src/portal/admin/gallery/samples';
import { labelled } from './harness';

// No FormDefinitionsContext: SchemaForm loads the generated schema and precompiled validators itself.
const i18n = createFormsI18n('en');
const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
const label = (key: string) => labelled(i18n.t(key, { ns: 'fields' }));

describe('SchemaForm with the precompiled validators', () => {
  it('loads the form, then validates with the build-time validator', async () => {
    const onSubmit = vi.fn();
    render(
      <SchemaForm form="profile" formData={{ ...SAMPLES.profile, givenName: { firstName: '', lastName: 'Morgan', suffix: 'III' } }} onSubmit={onSubmit} />,
      { wrapper },
    );
    const first = await screen.findByLabelText(label('Fields.givenName.firstName.label'), undefined, { timeout: 5_000 });
    const suffix = screen.getByLabelText(label('Fields.givenName.suffix.label')) as HTMLSelectElement;
    expect([...suffix.options].map((o) => o.value)).toEqual(expect.arrayContaining(['Sr.', 'Jr.', 'III']));
    expect(suffix.value).toBe('III');
    await userEvent.click(screen.getByRole('button', { name: i18n.t('widgets:Actions.Submit') }));
    expect(document.getElementById(`${first.id}__error`)).toHaveTextContent(i18n.t('Validation.Required', { ns: 'validation' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(first, 'Alex');
    await userEvent.click(screen.getByRole('button', { name: i18n.t('widgets:Actions.Submit') }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('starts a must-be-checked box unchecked', async () => {
    const { privacyPolicyAccepted: _accepted, ...withoutAcceptance } = SAMPLES.exam;
    render(<SchemaForm form="exam" formData={withoutAcceptance} onSubmit={vi.fn()} />, { wrapper });
    expect(await screen.findByRole('checkbox', { name: label('Fields.privacyPolicyAccepted.label') }, { timeout: 5_000 })).not.toBeChecked();
  });
});
