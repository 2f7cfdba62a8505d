// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { FormDefinitions } from '../../../src/portal/forms/definitions';
import { SchemaForm } from '../../../src/portal/forms/schema-form';
import { createRuntimeValidator } from '../support/runtime-definitions';
import { formatPhone, loadPhoneMetadata } from '../../../src/portal/forms/widgets/phone-widget';
import { SAMPLES } from '../../../src/portal/admin/gallery/samples';
import { labelled, setup } from './harness';

/** A one-field form, so each widget is seen on its own. */
function single(schema: RJSFSchema, uiSchema: UiSchema): FormDefinitions {
  const validator = createRuntimeValidator();
  return () => ({ schema: { type: 'object', properties: { value: schema } }, uiSchema: { value: uiSchema }, validator });
}

describe('password widget', () => {
  it('toggles visibility with a labelled, pressed-state button', async () => {
    const { wrapper } = setup('ja');
    render(<SchemaForm form="password" formData={{}} onSubmit={vi.fn()} />, { wrapper });
    const [input] = document.querySelectorAll<HTMLInputElement>('#password_currentPassword');
    expect(input).toHaveAttribute('type', 'password');
    const [show] = screen.getAllByRole('button', { name: 'パスワードを表示' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(show!);
    expect(input).toHaveAttribute('type', 'text');
    expect(show).toHaveAttribute('aria-pressed', 'true');
    expect(show).toHaveAccessibleName('パスワードを隠す');
  });
});

describe('country and state widgets', () => {
  it('names countries in the UI language', () => {
    const { wrapper, i18n } = setup('ja');
    render(<SchemaForm form="profile" formData={SAMPLES.profile} onSubmit={vi.fn()} />, { wrapper });
    const country = screen.getByLabelText(labelled(i18n.t('Fields.address.country.label', { ns: 'fields' }))) as HTMLSelectElement;
    expect(country.selectedOptions[0]).toHaveTextContent('アメリカ合衆国');
    expect(screen.getByRole('option', { name: '日本' })).toHaveValue('JPN');
  });

  it('lists the states of the chosen country', () => {
    const { wrapper } = setup('en');
    render(<SchemaForm form="demographics" formData={SAMPLES.demographics} onSubmit={vi.fn()} />, { wrapper });
    const state = document.getElementById('demographics_primaryAddress_state')!;
    expect(state.tagName).toBe('SELECT');
    expect(screen.getByRole('option', { name: 'Hokkaido' })).toBeInTheDocument();
  });
});

describe('phone widget', () => {
  it('formats a number for its country code when shown read-only, and keeps it as typed when editing', async () => {
    await Promise.all([loadPhoneMetadata('1'), loadPhoneMetadata('+44')]);
    expect(formatPhone('1', '6305550142')).toBe('(630) 555-0142');
    expect(formatPhone('+44', '2079460958')).toBe('20 7946 0958');
    expect(formatPhone('1', '123')).toBeUndefined();
    const { wrapper } = setup('en');
    const { unmount } = render(<SchemaForm form="profile" mode="readonly" formData={SAMPLES.profile} onSubmit={vi.fn()} />, { wrapper });
    expect(document.getElementById('profile_primaryPhoneNumber_phone')).toHaveValue('(630) 555-0142');
    // A read-only form without the Edit toggle has nothing to submit.
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    render(<SchemaForm form="profile" formData={SAMPLES.profile} onSubmit={vi.fn()} />, { wrapper });
    expect(document.getElementById('profile_primaryPhoneNumber_phone')).toHaveValue('6305550142');
  });

  it("shows a read-only number as typed until its calling code's metadata has loaded, then formatted", async () => {
    expect(formatPhone('+81', '312345678')).toBeUndefined();
    const { wrapper } = setup('en');
    const data = { ...SAMPLES.profile, primaryPhoneNumber: { ...(SAMPLES.profile.primaryPhoneNumber as object), countryCode: '81', phone: '312345678' } };
    render(<SchemaForm form="profile" mode="readonly" formData={data} onSubmit={vi.fn()} />, { wrapper });
    const phone = document.getElementById('profile_primaryPhoneNumber_phone');
    expect(phone).toHaveValue('312345678');
    await waitFor(() => expect(phone).toHaveValue('3 1234 5678'));
    expect(formatPhone('+81', '312345678')).toBe('3 1234 5678');
  });
});

describe('time widget', () => {
  it('stores the 12-hour clock as a UTC time of day, capping hour and minutes', async () => {
    const onSubmit = vi.fn();
    const { wrapper, i18n } = setup('en', single({ type: 'string' }, { 'ui:widget': 'time' }));
    render(<SchemaForm form="redeem" formData={{}} onSubmit={onSubmit} />, { wrapper });
    await userEvent.type(screen.getByLabelText(i18n.t('widgets:Time.Hour')), '15');
    expect(screen.getByLabelText(i18n.t('widgets:Time.Hour'))).toHaveValue('12');
    await userEvent.type(screen.getByLabelText(i18n.t('widgets:Time.Minute')), '75');
    expect(screen.getByLabelText(i18n.t('widgets:Time.Minute'))).toHaveValue('59');
    await userEvent.selectOptions(screen.getByLabelText(i18n.t('widgets:Time.Meridiem')), 'AM');
    await userEvent.click(screen.getByRole('button', { name: i18n.t('widgets:Actions.Submit') }));
    expect(onSubmit).toHaveBeenCalledWith({ value: '00:59' });
  });
});

describe('birth month widget', () => {
  it('shows month names from the locale files and stores two digits', async () => {
    const onSubmit = vi.fn();
    const months = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];
    const { wrapper, i18n } = setup(
      'ja',
      single({ type: 'string', enum: months }, { 'ui:widget': 'birthMonth', 'ui:options': { labelKey: 'Fields.birthMonth.label' } }),
    );
    render(<SchemaForm form="redeem" formData={{}} onSubmit={onSubmit} />, { wrapper });
    const select = screen.getByLabelText(i18n.t('Fields.birthMonth.label', { ns: 'fields' }));
    await userEvent.selectOptions(select, i18n.t('Fields.Options.Month.03', { ns: 'fields' }));
    await userEvent.click(screen.getByRole('button', { name: '送信' }));
    expect(onSubmit).toHaveBeenCalledWith({ value: '03' });
  });
});
