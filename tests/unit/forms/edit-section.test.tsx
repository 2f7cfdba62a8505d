// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { EditSection } from '../../../src/portal/forms/edit-section';
import { SchemaForm } from '../../../src/portal/forms/schema-form';
import { useEditToggle } from '../../../src/portal/forms/use-edit-toggle';
import { useFormSubmission } from '../../../src/portal/forms/use-form-submission';
import { SAMPLES } from '../../../src/portal/admin/gallery/samples';
import { labelled, setup } from './harness';

const { wrapper, i18n } = setup('en');
const t = (key: string) => i18n.t(key);
const SECTION_LABEL = 'Edit the sample section';
const firstName = () => screen.getByLabelText(labelled(i18n.t('Fields.givenName.firstName.label', { ns: 'fields' })));
const topEdit = () => screen.getByRole('button', { name: SECTION_LABEL });
const bottomEdit = () => screen.getByRole('button', { name: t('widgets:Actions.Edit') });
const button = (key: string) => screen.getByRole('button', { name: t(key) });

/** A section as the profile page builds it: heading, top Edit, the form with its own actions. */
function Section({ send }: { send: (data: Record<string, unknown>) => Promise<unknown> }) {
  const toggle = useEditToggle();
  const form = useFormSubmission<Record<string, unknown>>({
    initial: SAMPLES.profile as Record<string, unknown>,
    send,
    successToast: 'Toast.Success.ProfileEdited',
    toggle,
  });
  return (
    <EditSection toggle={form.editToggle} editLabel={SECTION_LABEL} heading={<h1>Sample</h1>}>
      <p>Intro</p>
      <SchemaForm form="profile" {...form} />
    </EditSection>
  );
}

/** The first field of the form the learner can type into (locked ones are read-only in edit mode too). */
function firstEditableField(): HTMLElement {
  const fields = [...document.querySelectorAll<HTMLElement>('input, select, textarea')];
  const editable = fields.find((f) => !f.hasAttribute('readonly') && !f.hasAttribute('disabled') && f.getAttribute('type') !== 'hidden');
  if (!editable) throw new Error('no editable field');
  return editable;
}

describe('EditSection', () => {
  it('offers Edit at the top, named after the section, and at the bottom; both open the form', async () => {
    const { unmount } = render(<Section send={vi.fn()} />, { wrapper });
    expect(topEdit()).toHaveTextContent(t('widgets:Actions.Edit'));
    expect(bottomEdit()).not.toBe(topEdit());
    expect(firstName()).toHaveAttribute('readonly');

    await userEvent.click(topEdit());
    expect(firstName()).not.toHaveAttribute('readonly');
    // In edit mode the top Edit goes; Cancel and Save are at the bottom.
    expect(screen.queryByRole('button', { name: SECTION_LABEL })).toBeNull();
    expect(screen.queryByRole('button', { name: t('widgets:Actions.Edit') })).toBeNull();
    expect(button('widgets:Actions.Save')).toBeInTheDocument();
    unmount();

    render(<Section send={vi.fn()} />, { wrapper });
    await userEvent.click(bottomEdit());
    expect(firstName()).not.toHaveAttribute('readonly');
  });

  it('moves the focus into the first field the learner can change on Edit', async () => {
    render(<Section send={vi.fn()} />, { wrapper });
    await userEvent.click(topEdit());
    const field = firstEditableField();
    expect(field.tagName).not.toBe('BUTTON');
    await waitFor(() => expect(field).toHaveFocus());
  });

  it('Cancel discards the typing, returns to read mode without a reload and gives the focus back to the top Edit', async () => {
    const send = vi.fn();
    render(<Section send={send} />, { wrapper });
    const before = window.location.href;
    await userEvent.click(topEdit());
    await userEvent.clear(firstName());
    await userEvent.type(firstName(), 'Jordan');
    await userEvent.click(button('widgets:Actions.Cancel'));

    expect(firstName()).toHaveValue('Alex');
    expect(firstName()).toHaveAttribute('readonly');
    expect(topEdit()).toHaveFocus();
    expect(send).not.toHaveBeenCalled();
    expect(window.location.href).toBe(before);
  });

  it('gives the focus back to the bottom Edit when the form was opened there and saved from a field', async () => {
    const send = vi.fn(() => Promise.resolve());
    render(<Section send={send} />, { wrapper });
    await userEvent.click(bottomEdit());
    await userEvent.clear(firstName());
    await userEvent.type(firstName(), 'Robin{Enter}');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(bottomEdit()).toHaveFocus());
    expect(topEdit()).not.toHaveFocus();
  });

  it('works from the keyboard: Tab to the top Edit, Enter, type, Save; the focus returns to Edit', async () => {
    const send = vi.fn(() => Promise.resolve());
    render(<Section send={send} />, { wrapper });
    // The top Edit is the first stop of the section.
    await userEvent.tab();
    expect(topEdit()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(firstEditableField()));

    await userEvent.clear(firstName());
    await userEvent.type(firstName(), 'Sam{Enter}');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect((send.mock.calls[0] as unknown[])[0]).toMatchObject({ givenName: { firstName: 'Sam' } });
    await waitFor(() => expect(topEdit()).toHaveFocus());
    expect(firstName()).toHaveAttribute('readonly');
  });

  it('has no top Edit without a toggle (a section that is not editable yet)', () => {
    render(
      <EditSection toggle={undefined} editLabel={SECTION_LABEL} heading={<h2>Sample</h2>}>
        <p>Loading</p>
      </EditSection>,
      { wrapper },
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(within(screen.getByRole('heading', { level: 2 })).getByText('Sample')).toBeInTheDocument();
  });

  it('puts the focus in the first field of a form’s next step (the e-mail change’s code), not on the page’s body', async () => {
    const toggle = { mode: 'edit' as const, edit: vi.fn(), cancel: vi.fn(), done: vi.fn(), cancels: 0 };
    function Steps() {
      const [step, setStep] = useState<'address' | 'code'>('address');
      return (
        <EditSection toggle={toggle} editLabel={SECTION_LABEL} heading={<h2>Change email</h2>} step={step}>
          {step === 'address' ? (
            <button type="button" onClick={() => setStep('code')}>
              Send verification code
            </button>
          ) : (
            <>
              <input aria-label="Current email" readOnly />
              <input aria-label="New email" defaultValue="new@example.com" />
              <input aria-label="Verification code" />
            </>
          )}
        </EditSection>
      );
    }
    render(<Steps />, { wrapper });
    await userEvent.click(screen.getByRole('button', { name: 'Send verification code' }));
    await waitFor(() => expect(screen.getByLabelText('Verification code')).toHaveFocus());
  });
});
