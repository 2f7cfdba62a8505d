import { fieldView, messageOf, withMessage } from '../../../src/portal/admin/schema/field-view';
import { fieldsOf, indexUses, walkForm } from '../../../src/portal/admin/schema/walk';
import { FORM_NAMES } from '../../../src/portal/forms/definitions';
import { filesFromDisk } from './support';

const files = filesFromDisk();

describe('the schema files as the rule editor reads them', () => {
  it('finds every field of a form with where its rules live', () => {
    const fields = fieldsOf(walkForm(files, 'profile'));
    const paths = fields.filter((f) => !f.group).map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'email',
        'alternateEmail',
        'company',
        'givenName/firstName',
        'primaryAddress/city',
        'primaryPhoneNumber/phone',
        'preferences/language',
      ]),
    );
    expect(fields.find((f) => f.path === 'primaryAddress')?.group).toBe(true);
    expect(fields.find((f) => f.path === 'email')?.readOnly).toBe(true);
  });

  it('reads the city: its declaration in the shared address definition, its pattern in latin1, required there', () => {
    const city = fieldView(files, files, 'profile', 'primaryAddress/city')!;
    expect(city.type).toBe('string');
    expect(city.home).toEqual({ file: 'defs/address.schema.json', pointer: '/properties/city' });
    const home = city.ruleSets.find((s) => s.home)!;
    expect(home.values).toEqual({ minLength: 1, maxLength: 32 });
    const shared = city.ruleSets.find((s) => !s.home)!;
    expect(shared.at).toEqual({ file: 'defs/latin1.schema.json', pointer: '/$defs/city' });
    expect(typeof shared.values.pattern).toBe('string');
    expect(city.required).toMatchObject({ value: true, base: true, holder: { file: 'defs/address.schema.json', pointer: '' } });
    expect(city.required.list).toEqual(['address1', 'city', 'country']);
    expect(city.order).toMatchObject({ at: { file: 'ui/defs/address.ui.json', pointer: '' } });
  });

  it('reads a requirement under a condition, and a field required only there', () => {
    const state = fieldView(files, files, 'profile', 'primaryAddress/state')!;
    expect(state.required.value).toBe(false);
    expect(state.required.base).toBe(false);
    expect(state.required.when.map((w) => w.map((c) => `${c.field}=${c.value}`))).toEqual([['primaryAddress/country=USA'], ['primaryAddress/country=CAN']]);
    const postal = fieldView(files, files, 'profile', 'primaryAddress/postalCode')!;
    expect(postal.ruleSets.filter((s) => s.when.length > 0 && typeof s.values.pattern === 'string')).toHaveLength(2);
  });

  it('reads the phone required by the form through its definition for required phones', () => {
    const phone = fieldView(files, files, 'profile', 'primaryPhoneNumber/phone')!;
    expect(phone.required.value).toBe(true);
    expect(phone.required.holder).toEqual({ file: 'defs/phone.schema.json', pointer: '/$defs/required' });
    const secondary = fieldView(files, files, 'profile', 'secondaryPhoneNumber/phone')!;
    expect(secondary.required.value).toBe(false);
    expect(secondary.required.holder).toEqual({ file: 'defs/phone.schema.json', pointer: '' });
  });

  it('reads a list the field inherits from a shared definition, and its labels', () => {
    const country = fieldView(files, files, 'profile', 'primaryAddress/country')!;
    expect(country.inheritedList?.length).toBeGreaterThan(200);
    expect(country.baseList).toEqual(country.inheritedList);
    expect(country.uiWidget).toBe('country');
  });

  it('knows which forms and fields a shared place reaches', () => {
    const uses = indexUses(files, FORM_NAMES);
    const address = uses.get('defs/address.schema.json#/properties/city') ?? [];
    expect(address.map((u) => u.form)).toEqual(expect.arrayContaining(['profile', 'exam', 'demographics', 'address']));
    expect(address.find((u) => u.form === 'address')?.path).toBe('address/city');
    const city = uses.get('defs/latin1.schema.json#/$defs/city') ?? [];
    expect(city.length).toBeGreaterThanOrEqual(address.length);
    expect(uses.get('forms/redeem.schema.json#/properties/accessKey')).toEqual([{ form: 'redeem', path: 'accessKey' }]);
  });

  it('reads and writes message keys as ajv-errors has them', () => {
    const at = { file: 'f', pointer: '' };
    expect(messageOf({ errorMessage: 'Validation.InvalidCity' }, at, 'maxLength').key).toBe('Validation.InvalidCity');
    expect(messageOf({ errorMessage: { minLength: 'Validation.Required', _: 'Validation.InvalidCity' } }, at, 'minLength').key).toBe('Validation.Required');
    expect(messageOf({ errorMessage: { minLength: 'Validation.Required', _: 'Validation.InvalidCity' } }, at, 'maxLength').key).toBe('Validation.InvalidCity');
    expect(messageOf({ errorMessage: { required: { phone: 'Validation.validMobilePhoneNumber' } } }, at, 'required', 'phone').key).toBe(
      'Validation.validMobilePhoneNumber',
    );
    // A single message becomes the fallback beside the keyword's own.
    expect(withMessage('Validation.InvalidCity', { keyword: 'maxLength' }, 'Validation.MaxLength')).toEqual({
      maxLength: 'Validation.MaxLength',
      _: 'Validation.InvalidCity',
    });
    expect(withMessage('Validation.InvalidCity', { keyword: 'maxLength' }, 'Validation.InvalidCity')).toBe('Validation.InvalidCity');
    expect(withMessage({ required: { phone: 'A' } }, { keyword: 'required', property: 'countryCode' }, 'B')).toEqual({
      required: { phone: 'A', countryCode: 'B' },
    });
  });
});
