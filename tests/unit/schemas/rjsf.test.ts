import { getDefaultFormState, retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { formSchemas, precompiledValidators } from '../../../src/generated/validators';
import { validExam } from './fixtures';

// The generated schema and validators as the form engine uses them through RJSF.
const schema = formSchemas.exam as RJSFSchema;
const validator = createPrecompiledValidator(precompiledValidators.exam, schema);
const fieldsFor = (data: Record<string, unknown>) => Object.keys(retrieveSchema(validator, schema, schema, data).properties ?? {});

it('shows citizen, consent and birth fields step by step, and none of them to minors', () => {
  expect(fieldsFor({ isMinor: false })).toContain('isUsCitizenOlderThanEighteenYears');
  expect(fieldsFor({ isMinor: false })).not.toContain('allowConsentToGatherBirthInformation');
  expect(fieldsFor({ isUsCitizenOlderThanEighteenYears: true })).toContain('allowConsentToGatherBirthInformation');
  expect(fieldsFor({ isUsCitizenOlderThanEighteenYears: true })).not.toContain('birthMonth');
  expect(fieldsFor({ isUsCitizenOlderThanEighteenYears: true, allowConsentToGatherBirthInformation: true })).toEqual(
    expect.arrayContaining(['birthMonth', 'birthYear']),
  );
  const minor = fieldsFor({ isMinor: true });
  for (const field of ['isUsCitizenOlderThanEighteenYears', 'allowConsentToGatherBirthInformation', 'birthMonth', 'birthYear']) {
    expect(minor).not.toContain(field);
  }
});

it('fills the defaults of docs/behaviour.md#constants and leaves must-check boxes unchecked', () => {
  const data = getDefaultFormState(validator, schema, {}, schema, false, { constAsDefaults: 'never' }) as Record<string, Record<string, unknown>>;
  expect(data.primaryAddress).toEqual({ country: 'USA' });
  expect(data.primaryPhoneNumber).toEqual({ countryCode: '1', phonetype: 'Home' });
  expect(data.secondaryPhoneNumber).toEqual({ countryCode: '1', phonetype: 'Home' });
  expect(data.mobilePhoneNumber).toEqual({ countryCode: '1', phonetype: 'Cellphone' });
  expect(data.privacyPolicyAccepted).not.toBe(true);
  const withConstDefaults = getDefaultFormState(validator, schema, {}, schema) as Record<string, unknown>;
  expect(withConstDefaults.privacyPolicyAccepted).toBe(true); // why the form engine must pass constAsDefaults: 'never'
});

it('validates through RJSF with message keys only', () => {
  expect(validator.validateFormData(validExam, schema).errors).toEqual([]);
  const { errors } = validator.validateFormData({ ...validExam, birthYear: '90', privacyPolicyAccepted: false }, schema);
  expect(errors.map((e) => [e.property, e.message])).toEqual(
    expect.arrayContaining([
      ['.birthYear', 'Validation.InvalidBirthYear'],
      ['.privacyPolicyAccepted', 'Validation.PrivacyPolicy'],
    ]),
  );
  for (const error of errors) expect(error.message).toMatch(/^Validation\./);
});
