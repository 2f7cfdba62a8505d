import type { RJSFValidationError } from '@rjsf/utils';
import { FALLBACK_KEYS, transformErrors } from '../../../src/portal/forms/errors/transform-errors';
import { toExtraErrors } from '../../../src/portal/forms/errors/server-errors';

const error = (e: Partial<RJSFValidationError>): RJSFValidationError => ({ stack: '', ...e });

describe('transformErrors', () => {
  it('moves ajv-errors required errors to each missing field', () => {
    const out = transformErrors([
      error({
        name: 'errorMessage',
        property: '.primaryAddress',
        message: 'Validation.Required',
        params: {
          errors: [
            { keyword: 'required', params: { missingProperty: 'city' } },
            { keyword: 'required', params: { missingProperty: 'address1' } },
          ],
        },
      }),
      error({
        name: 'errorMessage',
        property: '',
        message: 'Validation.Required',
        params: { errors: [{ keyword: 'required', params: { missingProperty: 'givenName' } }] },
      }),
    ]);
    expect(out.map((e) => [e.property, e.message])).toEqual([
      ['.primaryAddress.city', 'Validation.Required'],
      ['.primaryAddress.address1', 'Validation.Required'],
      ['.givenName', 'Validation.Required'],
    ]);
  });

  it('drops the form summary and wrapper errors, and never keeps raw Ajv English', () => {
    const out = transformErrors([
      error({ name: 'errorMessage', property: '.primaryAddress', message: 'Validation.FormInvalid', params: { errors: [{ keyword: 'if' }] } }),
      error({ name: 'if', property: '.primaryAddress', message: 'must match "then" schema', params: {} }),
      error({
        name: 'errorMessage',
        property: '.primaryAddress.postalCode',
        message: 'Validation.InvalidPostalCode',
        params: { errors: [{ keyword: 'pattern' }] },
      }),
      error({ name: 'anyOf', property: '.newPassword', message: 'must match a schema in anyOf', params: {} }),
      error({ name: 'maxLength', property: '.company', message: 'must NOT have more than 50 characters', params: {} }),
      error({ name: 'required', property: '.accessKey', message: "must have required property 'accessKey'", params: { missingProperty: 'accessKey' } }),
    ]);
    expect(out.map((e) => [e.property, e.message])).toEqual([
      ['.primaryAddress.postalCode', 'Validation.InvalidPostalCode'],
      ['.newPassword', FALLBACK_KEYS.invalid],
      ['.company', FALLBACK_KEYS.tooLong],
      ['.accessKey', FALLBACK_KEYS.required],
    ]);
    expect(out.some((e) => /must/.test(e.message ?? '') || /must/.test(e.stack))).toBe(false);
  });
});

describe('server errors', () => {
  it('turns path -> key into an error schema at the field', () => {
    expect(toExtraErrors({ '/primaryAddress/city': 'Validation.InvalidCity', email: 'Validation.CurrentEmail' })).toEqual({
      primaryAddress: { city: { __errors: ['Validation.InvalidCity'] } },
      email: { __errors: ['Validation.CurrentEmail'] },
    });
    expect(toExtraErrors({})).toBeUndefined();
  });
});
