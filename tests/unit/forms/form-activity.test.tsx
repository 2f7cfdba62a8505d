// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApi } from '../../../src/portal/clients/client';
import { setErrorReporter } from '../../../src/portal/clients/errors';
import { formActivity, resetFormActivity, type FormActivityInput } from '../../../src/portal/clients/form-activity';
import { rejectedFields } from '../../../src/portal/forms/activity/use-form-activity';
import { SchemaForm } from '../../../src/portal/forms/schema-form';
import { useEditToggle } from '../../../src/portal/forms/use-edit-toggle';
import { useFormSubmission } from '../../../src/portal/forms/use-form-submission';
import { SAMPLES } from '../../../src/portal/admin/gallery/samples';
import { fieldPaths } from '../../../src/shared/schemas/field-paths';
import { labelled, setup } from './harness';

// What SchemaForm records of a form (clients/form-activity.ts): opened in edit mode, submit attempts,
// each rejected field with its key (its own rules and the services' 400), abandoned.

const { wrapper, i18n } = setup('en');
const label = (key: string) => screen.getByLabelText(labelled(i18n.t(key, { ns: 'fields' })));
const button = (key: string) => screen.getByRole('button', { name: i18n.t(key) });
const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(null, { status: 204 }));

function Section({ send }: { send: (data: Record<string, unknown>) => Promise<unknown> }) {
  const toggle = useEditToggle();
  const form = useFormSubmission<Record<string, unknown>>({
    initial: SAMPLES.profile as Record<string, unknown>,
    send,
    successToast: 'Toast.Success.ProfileEdited',
    toggle,
  });
  return <SchemaForm form="profile" {...form} />;
}

let recorded: FormActivityInput[];
function recordOn(formActivityOn = true) {
  resetFormActivity();
  configureApi({
    config: { services: { identity: '', entitlements: '', vendors: '' }, functionKey: 'k', functionKeyHeader: 'x-functions-key', formActivity: formActivityOn },
    getToken: async () => 't',
    fetchImpl: fetchImpl as unknown as typeof fetch,
  });
  recorded = [];
  const recorder = formActivity();
  if (recorder) {
    const record = recorder.record.bind(recorder);
    vi.spyOn(recorder, 'record').mockImplementation((event) => {
      recorded.push(event);
      record(event);
    });
  }
}

describe('form activity of SchemaForm', () => {
  beforeEach(() => {
    fetchImpl.mockClear();
    setErrorReporter(() => undefined);
    recordOn();
  });
  afterEach(() => resetFormActivity());

  it('records the form opened in edit mode, a submit attempt and each field its rules rejected, with the key', async () => {
    render(<Section send={vi.fn(async () => undefined)} />, { wrapper });
    expect(recorded).toEqual([]);
    await userEvent.click(button('widgets:Actions.Edit'));
    expect(recorded).toEqual([{ type: 'form-opened', form: 'profile' }]);
    const city = label('Fields.address.city.label');
    await userEvent.clear(city);
    await userEvent.type(city, 'x'.repeat(33));
    await userEvent.clear(label('Fields.givenName.firstName.label'));
    await userEvent.click(button('widgets:Actions.Save'));
    expect(recorded.slice(1)).toEqual([
      { type: 'submit-attempted', form: 'profile' },
      expect.objectContaining({ type: 'field-rejected', form: 'profile', field: 'givenName/firstName', key: expect.stringMatching(/^Validation\./) }),
      { type: 'field-rejected', form: 'profile', field: 'primaryAddress/city', key: 'Validation.InvalidCity' },
    ]);
    // Nothing the learner typed is in any event.
    expect(JSON.stringify(recorded)).not.toContain('xxx');
  });

  it("records the services' 400 field errors once per answer, after the submit attempt", async () => {
    const refused = {
      message: 'invalid',
      statusCode: 400,
      errors: [
        { path: '/primaryAddress/city', key: 'Validation.InvalidCity' },
        { path: '', key: 'Validation.InvalidBody' },
      ],
    };
    const send = vi.fn(async () => Promise.reject(refused));
    render(<Section send={send} />, { wrapper });
    await userEvent.click(button('widgets:Actions.Edit'));
    await userEvent.click(button('widgets:Actions.Save'));
    await screen.findByText(i18n.t('Validation.InvalidCity', { ns: 'validation' }));
    expect(recorded).toEqual([
      { type: 'form-opened', form: 'profile' },
      { type: 'submit-attempted', form: 'profile' },
      { type: 'field-rejected', form: 'profile', field: 'primaryAddress/city', key: 'Validation.InvalidCity' },
    ]);
    await userEvent.click(button('widgets:Actions.Save'));
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(recorded.filter((e) => e.type === 'field-rejected')).toHaveLength(2));
    expect(recorded.filter((e) => e.type === 'submit-attempted')).toHaveLength(2);
  });

  it('records the form abandoned when Cancel drops changes, not when nothing changed or the save went through', async () => {
    render(<Section send={vi.fn(async () => undefined)} />, { wrapper });
    await userEvent.click(button('widgets:Actions.Edit'));
    await userEvent.click(button('widgets:Actions.Cancel'));
    expect(recorded.map((e) => e.type)).toEqual(['form-opened']);

    await userEvent.click(button('widgets:Actions.Edit'));
    await userEvent.type(label('Fields.company.label'), 'Z');
    await userEvent.click(button('widgets:Actions.Cancel'));
    expect(recorded.map((e) => e.type)).toEqual(['form-opened', 'form-opened', 'form-abandoned']);

    await userEvent.click(button('widgets:Actions.Edit'));
    await userEvent.type(label('Fields.company.label'), 'Z');
    await userEvent.click(button('widgets:Actions.Save'));
    await screen.findByRole('button', { name: i18n.t('widgets:Actions.Edit') });
    // A save the services took is recorded as saved, not abandoned.
    expect(recorded.map((e) => e.type)).toEqual(['form-opened', 'form-opened', 'form-abandoned', 'form-opened', 'submit-attempted', 'form-saved']);
  });

  it('records the form abandoned when the page is left with changes, and sends it at once with keepalive', async () => {
    render(<Section send={vi.fn(async () => undefined)} />, { wrapper });
    await userEvent.click(button('widgets:Actions.Edit'));
    await userEvent.type(label('Fields.company.label'), 'Z');
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(recorded.map((e) => e.type)).toEqual(['form-opened', 'form-abandoned']);
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    const [, init] = fetchImpl.mock.calls[0]!;
    expect(init?.keepalive).toBe(true);
    expect(JSON.parse(String(init?.body)).map((e: { type: string }) => e.type)).toEqual(['form-opened', 'form-abandoned']);
  });

  it('records the form abandoned when it goes away with changes (another page, a closed modal)', async () => {
    const { unmount } = render(<SchemaForm form="redeem" formData={{}} onSubmit={vi.fn()} />, { wrapper });
    expect(recorded).toEqual([{ type: 'form-opened', form: 'redeem' }]);
    await userEvent.type(label('Fields.accessKey.label'), 'DEMO');
    unmount();
    expect(recorded).toEqual([
      { type: 'form-opened', form: 'redeem' },
      { type: 'form-abandoned', form: 'redeem' },
    ]);
  });

  it('records nothing when form activity is off', async () => {
    recordOn(false);
    expect(formActivity()).toBeNull();
    render(
      <Section send={vi.fn(async () => Promise.reject({ message: 'x', statusCode: 400, errors: [{ path: '/company', key: 'Validation.InvalidCompany' }] }))} />,
      { wrapper },
    );
    await userEvent.click(button('widgets:Actions.Edit'));
    await userEvent.type(label('Fields.company.label'), 'Z');
    await userEvent.click(button('widgets:Actions.Save'));
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe('rejectedFields', () => {
  const known = fieldPaths(setup('en').definitions('profile').schema as Record<string, unknown>);

  it('knows the fields of the form, nested and conditional ones too', () => {
    expect(known.has('primaryAddress/city')).toBe(true);
    expect(known.has('givenName/firstName')).toBe(true);
    expect(known.has('company')).toBe(true);
    expect(known.has('nope')).toBe(false);
    expect(fieldPaths(setup('en').definitions('exam').schema as Record<string, unknown>).has('birthYear')).toBe(true);
  });

  it('keeps fields of the form once per key, drops other keys and paths', () => {
    expect(
      rejectedFields(
        [
          { path: '.primaryAddress.city', key: 'Validation.InvalidCity' },
          { path: '/primaryAddress/city', key: 'Validation.InvalidCity' },
          { path: '/company', key: 'widgets:Errors.Invalid' },
          { path: '', key: 'Validation.FormInvalid' },
          { path: '/learner@example.com', key: 'Validation.Required' },
          { path: '/givenName/firstName', key: undefined },
        ],
        known,
      ),
    ).toEqual([{ field: 'primaryAddress/city', key: 'Validation.InvalidCity' }, { field: 'company' }, { field: 'givenName/firstName' }]);
  });
});
