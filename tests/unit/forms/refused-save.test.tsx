// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { RJSFSchema } from '@rjsf/utils';
import { FormDefinitionsContext, type FormDefinition, type FormDefinitions } from '../../../src/portal/forms/definitions';
import { createFormsI18n } from '../../../src/portal/forms/i18n/create-forms-i18n';
import { SchemaFormCore } from '../../../src/portal/forms/schema-form-core';
import { SAMPLES } from '../../../src/portal/admin/gallery/samples';
import { labelled, testDefinitions } from './harness';

// A save the browser's validators refuse asks which rules are in force before the refusal shows
// (src/portal/forms/schema-form-state.ts, useCurrentRulesOnRefusal). Whatever the answer, the learner's
// Save gets one: the refusal at the field, or the save under the loosened rules.
const i18n = createFormsI18n('en');
const strict = testDefinitions();
const withoutFirstName = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(withoutFirstName);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === 'required' && Array.isArray(value) ? value.filter((name) => name !== 'firstName') : withoutFirstName(value),
    ]),
  );
};
const loosenedProfile: FormDefinition = { ...strict('profile'), schema: withoutFirstName(strict('profile').schema) as RJSFSchema };
const loosened: FormDefinitions = (form) => (form === 'profile' ? loosenedProfile : strict(form));

const firstNameLabel = labelled(i18n.t('Fields.givenName.firstName.label', { ns: 'fields' }));
const submit = () => userEvent.click(screen.getByRole('button', { name: i18n.t('widgets:Actions.Submit') }));
const data = { ...SAMPLES.profile, givenName: { firstName: 'Alex', lastName: 'Morgan' } };

let switchRules: (() => void) | undefined;
function Portal({ currentRules, onSubmit }: { currentRules: (shown: FormDefinition) => Promise<boolean>; onSubmit: (data: unknown) => void }) {
  const [definitions, setDefinitions] = useState<FormDefinitions>(() => strict);
  switchRules = () => setDefinitions(() => loosened);
  return (
    <I18nextProvider i18n={i18n}>
      <FormDefinitionsContext.Provider value={definitions}>
        <SchemaFormCore form="profile" formData={data} onSubmit={onSubmit} currentRules={currentRules} />
      </FormDefinitionsContext.Provider>
    </I18nextProvider>
  );
}

async function emptyFirstName() {
  const first = await screen.findByLabelText(firstNameLabel);
  await userEvent.clear(first);
  return first;
}

describe('a save the browser refuses', () => {
  it('asks about the rules with the definition the form shows, and shows the refusal when they have not moved', async () => {
    const currentRules = vi.fn(async (_shown: FormDefinition) => false);
    const onSubmit = vi.fn();
    render(<Portal currentRules={currentRules} onSubmit={onSubmit} />);
    const first = await emptyFirstName();
    await submit();
    await waitFor(() => expect(document.getElementById(`${first.id}__error`)).toHaveTextContent(i18n.t('Validation.Required', { ns: 'validation' })));
    expect(currentRules).toHaveBeenCalledTimes(1);
    expect(currentRules.mock.calls[0]![0]).toBe(strict('profile'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(first).toHaveValue('');
  });

  it('saves under the loosened rules once the form shows them, with what was typed', async () => {
    const onSubmit = vi.fn();
    const currentRules = vi.fn(async () => {
      // The version moved: its definition loads and the form is handed it.
      queueMicrotask(() => act(() => switchRules?.()));
      return true;
    });
    render(<Portal currentRules={currentRules} onSubmit={onSubmit} />);
    const first = await emptyFirstName();
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ givenName: { lastName: 'Morgan' } });
    expect(document.getElementById(`${first.id}__error`)).toBeNull();
  });

  it('is not left without an answer when the rules are said to have moved but the form is never handed new ones', async () => {
    const onSubmit = vi.fn();
    render(<Portal currentRules={async () => true} onSubmit={onSubmit} />);
    const first = await emptyFirstName();
    await submit();
    expect(document.getElementById(`${first.id}__error`)).toBeNull();
    await waitFor(() => expect(document.getElementById(`${first.id}__error`)).toHaveTextContent(i18n.t('Validation.Required', { ns: 'validation' })), {
      timeout: 4_000,
    });
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
