// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../../src/portal/forms/schema-form';
import { SAMPLES } from '../../../src/portal/admin/gallery/samples';
import { labelled, setup } from './harness';

const { wrapper, i18n } = setup('en');
const firstName = () => screen.getByLabelText(labelled(i18n.t('Fields.givenName.firstName.label', { ns: 'fields' })));
type Sent = { givenName?: { firstName?: string } };

describe('typing in a text field', () => {
  it('reaches the form data when the learner leaves the field, not at each keystroke', async () => {
    const onChange = vi.fn();
    render(<SchemaForm form="profile" formData={SAMPLES.profile} onChange={onChange} onSubmit={vi.fn()} />, { wrapper });
    await userEvent.type(firstName(), 'ndra');
    expect(firstName()).toHaveValue('Alexndra');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect((onChange.mock.calls[0]![0] as Sent).givenName?.firstName).toBe('Alexndra');
  });

  it('is submitted with Enter while the field still has focus', async () => {
    const onSubmit = vi.fn();
    render(<SchemaForm form="profile" formData={SAMPLES.profile} onSubmit={onSubmit} />, { wrapper });
    await userEvent.type(firstName(), 'ndra{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect((onSubmit.mock.calls[0]![0] as Sent).givenName?.firstName).toBe('Alexndra');
    expect(firstName()).toHaveFocus();
  });

  it('marks the form edited at the first keystroke', async () => {
    render(<SchemaForm form="redeem" formData={{}} onSubmit={vi.fn()} />, { wrapper });
    const submit = screen.getByRole('button', { name: i18n.t('widgets:Actions.Submit') });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText(labelled(i18n.t('Fields.accessKey.label', { ns: 'fields' }))), 'A');
    expect(submit).toBeEnabled();
  });

  it('after a failed submit, reaches the form at each keystroke so errors follow the typing', async () => {
    const onChange = vi.fn();
    render(
      <SchemaForm form="profile" formData={{ ...SAMPLES.profile, givenName: { firstName: '', lastName: 'Morgan' } }} onChange={onChange} onSubmit={vi.fn()} />,
      { wrapper },
    );
    await userEvent.click(screen.getByRole('button', { name: i18n.t('widgets:Actions.Submit') }));
    await waitFor(() => expect(firstName()).toHaveAttribute('aria-invalid', 'true'));
    onChange.mockClear();
    await userEvent.type(firstName(), 'Al');
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(firstName()).not.toHaveAttribute('aria-invalid');
  });
});
