// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../../src/portal/forms/schema-form';
import { SAMPLES } from '../../../src/portal/admin/gallery/samples';
import { labelled, setup } from './harness';

const { wrapper, i18n } = setup('en');
const label = (key: string) => i18n.t(key, { ns: 'fields' });

const citizen = () => screen.queryByRole('checkbox', { name: label('Fields.isUsCitizenOlderThanEighteenYears.label') });
const consent = () => screen.queryByRole('checkbox', { name: label('Fields.allowConsentToGatherBirthInformation.label') });
const birthMonth = () => screen.queryByLabelText(labelled(label('Fields.birthMonth.label'))) as HTMLSelectElement | null;
const birthYear = () => screen.queryByLabelText(labelled(label('Fields.birthYear.label'))) as HTMLInputElement | null;

describe('declared behaviours', () => {
  it('shows the consent and birth fields only under their conditions', async () => {
    render(
      <SchemaForm
        form="exam"
        formData={{
          ...SAMPLES.exam,
          isUsCitizenOlderThanEighteenYears: false,
          allowConsentToGatherBirthInformation: undefined,
          birthMonth: undefined,
          birthYear: undefined,
        }}
        onSubmit={vi.fn()}
      />,
      { wrapper },
    );
    expect(citizen()).not.toBeChecked();
    expect(consent()).toBeNull();
    await userEvent.click(citizen()!);
    expect(consent()).toBeInTheDocument();
    expect(birthMonth()).toBeNull();
    await userEvent.click(consent()!);
    expect(birthMonth()).toBeInTheDocument();
    expect(birthYear()).toBeInTheDocument();
  });

  it('unchecking consent clears birth month and year, unchecking citizen also clears consent', async () => {
    const onSubmit = vi.fn();
    render(<SchemaForm form="exam" formData={SAMPLES.exam} onSubmit={onSubmit} />, { wrapper });
    expect(birthMonth()!.value).toBe('04');
    expect(birthYear()!.value).toBe('1990');

    await userEvent.click(consent()!);
    expect(birthMonth()).toBeNull();
    await userEvent.click(consent()!);
    expect(birthMonth()!.value).toBe('');
    expect(birthYear()!.value).toBe('');

    await userEvent.selectOptions(birthMonth()!, '07');
    await userEvent.type(birthYear()!, '1985');
    await userEvent.click(citizen()!);
    expect(consent()).toBeNull();
    await userEvent.click(citizen()!);
    expect(consent()).not.toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: i18n.t('widgets:Actions.Submit') }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0]![0] as Record<string, unknown>;
    expect(sent.isUsCitizenOlderThanEighteenYears).toBe(true);
    expect(sent.allowConsentToGatherBirthInformation).toBeUndefined();
    expect(sent.birthMonth).toBeUndefined();
    expect(sent.birthYear).toBeUndefined();
  });

  it('changing the country clears the state and switches its list', async () => {
    render(<SchemaForm form="profile" formData={SAMPLES.profile} onSubmit={vi.fn()} />, { wrapper });
    const country = screen.getByLabelText(labelled(label('Fields.address.country.label'))) as HTMLSelectElement;
    const state = () => screen.getByLabelText(labelled(label('Fields.address.state.label'))) as HTMLSelectElement | HTMLInputElement;
    expect(state().value).toBe('IL');
    await userEvent.selectOptions(country, 'CAN');
    expect(state().tagName).toBe('SELECT');
    expect(state().value).toBe('');
    expect(screen.getByRole('option', { name: 'Ontario' })).toBeInTheDocument();
    await userEvent.selectOptions(state() as HTMLSelectElement, 'ON');
    await userEvent.selectOptions(country, 'FRA');
    expect(state().tagName).toBe('INPUT');
    expect(state().value).toBe('');
  });

  it('locks the legal name when the profile has an exam-provider id', () => {
    const { unmount } = render(<SchemaForm form="exam" formData={SAMPLES.exam} context={{ hasExamProviderId: true }} onSubmit={vi.fn()} />, { wrapper });
    expect(screen.getByLabelText(labelled(label('Fields.givenName.firstName.label')))).toBeDisabled();
    expect(screen.getByLabelText(labelled(label('Fields.givenName.lastName.label')))).toBeDisabled();
    unmount();
    render(<SchemaForm form="exam" formData={SAMPLES.exam} context={{ hasExamProviderId: false }} onSubmit={vi.fn()} />, { wrapper });
    expect(screen.getByLabelText(labelled(label('Fields.givenName.firstName.label')))).toBeEnabled();
  });

  it('shows the missing-field notice when the exam form is submitted invalid, until it is fixed', async () => {
    const onSubmit = vi.fn();
    render(<SchemaForm form="exam" formData={{ ...SAMPLES.exam, givenName: { firstName: '', lastName: 'Morgan' } }} onSubmit={onSubmit} />, { wrapper });
    const notice = label('Fields.exam.invalidNotice');
    expect(screen.queryByText(notice)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: i18n.t('widgets:Actions.Submit') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(notice);
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(labelled(label('Fields.givenName.firstName.label'))), 'Alex');
    await waitFor(() => expect(screen.queryByText(notice)).toBeNull());
  });
});
