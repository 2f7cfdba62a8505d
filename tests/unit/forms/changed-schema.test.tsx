// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../../src/portal/forms/schema-form';
import { SAMPLES } from '../../../src/portal/admin/gallery/samples';
import { labelled, schemaFiles, setup, testDefinitions } from './harness';

const ADDRESS = '../../../schemas/defs/address.schema.json';

/** A copy of the schema files in which the address def allows a city of at most `max` characters. */
function withCityMax(max: number): Record<string, unknown> {
  const address = structuredClone(schemaFiles[ADDRESS]) as { properties: { city: { maxLength: number } } };
  expect(address.properties.city.maxLength).toBe(32);
  address.properties.city.maxLength = max;
  return { ...schemaFiles, [ADDRESS]: address };
}

async function cityErrorAfterTyping(definitions: ReturnType<typeof testDefinitions>, city: string) {
  const { wrapper, i18n } = setup('en', definitions);
  const { unmount } = render(<SchemaForm form="profile" formData={SAMPLES.profile} onSubmit={vi.fn()} />, { wrapper });
  const input = screen.getByLabelText(labelled(i18n.t('Fields.address.city.label', { ns: 'fields' })));
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(city);
  await userEvent.click(screen.getByRole('button', { name: i18n.t('widgets:Actions.Submit') }));
  const error = document.getElementById(`${input.id}__error`)?.textContent ?? '';
  unmount();
  // The message names the schema's own limit.
  return { error, cityTooLong: (limit: number) => i18n.t('Validation.InvalidCity_maxLength', { ns: 'validation', limit }) };
}

describe('a changed schema file', () => {
  const city21 = 'Rancho Santa Margarit';

  it('is what the rendered form enforces and says: city max 32 -> 20 rejects a 21-character city, "at most 20"', async () => {
    expect(city21).toHaveLength(21);
    const original = await cityErrorAfterTyping(testDefinitions(), city21);
    expect(original.error).toBe('');
    const changed = await cityErrorAfterTyping(testDefinitions(withCityMax(20)), city21);
    expect(changed.error).toBe(changed.cityTooLong(20));
    expect(changed.error).toContain('20');
    const fits = await cityErrorAfterTyping(testDefinitions(withCityMax(20)), city21.slice(0, 20));
    expect(fits.error).toBe('');
  });
});
