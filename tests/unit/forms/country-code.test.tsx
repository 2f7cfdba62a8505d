// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../../src/portal/forms/schema-form';
import { SAMPLES } from '../../../src/portal/admin/gallery/samples';
import { setup } from './harness';

const { wrapper, i18n } = setup('en');
const codeInput = () => document.getElementById('profile_primaryPhoneNumber_countryCode') as HTMLInputElement;

describe('phone country code', () => {
  it('shows a "+" beside the box, hidden from assistive technology, and keeps the field label as its name', () => {
    render(<SchemaForm form="profile" formData={SAMPLES.profile} onSubmit={vi.fn()} />, { wrapper });
    const input = codeInput();
    const prefix = input.previousElementSibling;
    expect(prefix).toHaveTextContent('+');
    expect(prefix).toHaveAttribute('aria-hidden', 'true');
    expect(input).toHaveAccessibleName(new RegExp(`^${i18n.t('Fields.phone.countryCode.label', { ns: 'fields' })}`));
    expect(input).toHaveAttribute('maxlength', '4');
    expect(input).toHaveValue('1');
  });

  it('takes a typed or pasted "+" but stores the digits only', async () => {
    const onSubmit = vi.fn();
    render(<SchemaForm form="profile" formData={SAMPLES.profile} onSubmit={onSubmit} />, { wrapper });
    const input = codeInput();
    await userEvent.clear(input);
    await userEvent.type(input, '+44');
    expect(input).toHaveValue('44');
    const secondary = document.getElementById('profile_secondaryPhoneNumber_countryCode') as HTMLInputElement;
    await userEvent.clear(secondary);
    await userEvent.click(secondary);
    await userEvent.paste('+971');
    expect(secondary).toHaveValue('971');
    await userEvent.click(screen.getByRole('button', { name: i18n.t('widgets:Actions.Submit') }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0]![0] as Record<string, { countryCode?: string }>;
    expect(sent.primaryPhoneNumber?.countryCode).toBe('44');
    expect(sent.secondaryPhoneNumber?.countryCode).toBe('971');
  });
});
