import { applicableChanges, applyChanges, ChangeNotApplicable, type RuleChange, setValue } from '../../../src/portal/admin/rules/changes';
import { moveInOrder, setAllowedValues, setMessage, setRequired, setRule } from '../../../src/portal/admin/rules/edits';
import { localChecks } from '../../../src/portal/admin/rules/local-checks';
import { setValues } from '../../../src/portal/admin/rules/changes';
import { fieldView } from '../../../src/portal/admin/schema/field-view';
import { valueAt } from '../../../src/portal/admin/schema/files';
import { filesFromDisk } from './support';

const published = filesFromDisk();
const edit = (changes: RuleChange[], edits: Parameters<typeof setValues>[2]) => setValues(changes, published, edits);

describe('a draft change is a JSON Patch operation on one schema file', () => {
  it('replaces a value the published file has, as docs/admin-area.md writes it', () => {
    const city = fieldView(published, published, 'profile', 'primaryAddress/city')!;
    const changes = edit([], setRule(city.ruleSets[0]!, 'maxLength', 20));
    expect(changes).toEqual([{ file: 'defs/address.schema.json', op: 'replace', path: '/properties/city/maxLength', value: 20 }]);
    const draftFiles = applyChanges(published, changes);
    expect(valueAt(draftFiles['defs/address.schema.json'], '/properties/city/maxLength')).toBe(20);
    // The published files are left as they are.
    expect(valueAt(published['defs/address.schema.json'], '/properties/city/maxLength')).toBe(32);
  });

  it('adds what the file does not have, removes what it has, and keeps one change per path', () => {
    let changes = setValue([], published, 'defs/address.schema.json', '/properties/address2/minLength', 2);
    expect(changes).toEqual([{ file: 'defs/address.schema.json', op: 'add', path: '/properties/address2/minLength', value: 2 }]);
    changes = setValue(changes, published, 'defs/address.schema.json', '/properties/address2/minLength', 3);
    expect(changes).toEqual([{ file: 'defs/address.schema.json', op: 'add', path: '/properties/address2/minLength', value: 3 }]);
    changes = setValue(changes, published, 'defs/address.schema.json', '/properties/city/maxLength', undefined);
    expect(changes[1]).toEqual({ file: 'defs/address.schema.json', op: 'remove', path: '/properties/city/maxLength' });
    // Back to the published value: no change left.
    changes = setValue(changes, published, 'defs/address.schema.json', '/properties/address2/minLength', undefined);
    changes = setValue(changes, published, 'defs/address.schema.json', '/properties/city/maxLength', 32);
    expect(changes).toEqual([]);
  });

  it('refuses to apply a change to a place that does not exist, and drops such changes from a kept draft', () => {
    const bad: RuleChange = { file: 'defs/address.schema.json', op: 'replace', path: '/properties/nowhere/maxLength', value: 1 };
    expect(() => applyChanges(published, [bad])).toThrow(ChangeNotApplicable);
    expect(() => applyChanges(published, [{ file: 'defs/none.json', op: 'add', path: '/x', value: 1 }])).toThrow(/no such file/);
    const good: RuleChange = { file: 'defs/address.schema.json', op: 'replace', path: '/properties/city/maxLength', value: 20 };
    expect(applicableChanges(published, [bad, good])).toEqual([good]);
  });
});

describe('what each control of the editor does to the draft', () => {
  it("makes an optional text field required: the name in its group's list, at least one character, the required message", () => {
    const address2 = fieldView(published, published, 'profile', 'primaryAddress/address2')!;
    expect(address2.required.value).toBe(false);
    const changes = edit([], setRequired(address2, published, published, true));
    expect(changes).toEqual([
      { file: 'defs/address.schema.json', op: 'replace', path: '/required', value: ['address1', 'city', 'country', 'address2'] },
      { file: 'defs/address.schema.json', op: 'add', path: '/properties/address2/minLength', value: 1 },
      {
        file: 'defs/address.schema.json',
        op: 'replace',
        path: '/properties/address2/errorMessage',
        value: { minLength: 'Validation.Required', _: 'Validation.InvalidAddress' },
      },
    ]);
    // Undone, the draft is empty again.
    const draftFiles = applyChanges(published, changes);
    const required = fieldView(draftFiles, published, 'profile', 'primaryAddress/address2')!;
    expect(required.required.value).toBe(true);
    expect(edit(changes, setRequired(required, draftFiles, published, false))).toEqual([]);
  });

  it('never undoes a requirement of the base', () => {
    const city = fieldView(published, published, 'profile', 'primaryAddress/city')!;
    expect(city.required.base).toBe(true);
    expect(setRequired(city, published, published, false)).toEqual([]);
  });

  it('narrows the allowed values at the field, as a subset of the base list in its order', () => {
    const country = fieldView(published, published, 'address', 'address/country')!;
    const changes = edit([], setAllowedValues(country, published, ['USA', 'CAN']));
    expect(changes).toEqual([{ file: 'defs/address.schema.json', op: 'add', path: '/properties/country/enum', value: ['CAN', 'USA'] }]);
    // Every value of the list chosen again: the field inherits the list, no change.
    expect(edit(changes, setAllowedValues(country, published, country.inheritedList!))).toEqual([]);
  });

  it("sets a message key, keeping the place's other messages", () => {
    const city = fieldView(published, published, 'profile', 'primaryAddress/city')!;
    const message = { at: city.home, keyword: 'maxLength', key: 'Validation.InvalidCity' };
    expect(edit([], setMessage(published, message, 'Validation.MaxLength'))).toEqual([
      {
        file: 'defs/address.schema.json',
        op: 'replace',
        path: '/properties/city/errorMessage',
        value: { minLength: 'Validation.Required', _: 'Validation.InvalidCity', maxLength: 'Validation.MaxLength' },
      },
    ]);
  });

  it("moves a field in its group's declared order, and not past either end", () => {
    const city = fieldView(published, published, 'profile', 'primaryAddress/city')!;
    const order = city.order.list!;
    const [up] = moveInOrder(city, -1);
    // The address block's order is written once, for every form that shows it (ui/defs/address.ui.json).
    expect(up!.file).toBe('ui/defs/address.ui.json');
    expect(up!.path).toBe('/ui:order');
    const moved = up!.value as string[];
    expect(moved.indexOf('city')).toBe(order.indexOf('city') - 1);
    const first = fieldView(published, published, 'profile', `primaryAddress/${order[0]}`)!;
    expect(moveInOrder(first, -1)).toEqual([]);
  });

  it('checks in the browser what it can: a pattern that does not compile, lengths, bounds the wrong way round, an empty list', () => {
    const changes: RuleChange[] = [
      { file: 'defs/latin1.schema.json', op: 'replace', path: '/$defs/city/pattern', value: '^[a-' },
      { file: 'defs/address.schema.json', op: 'replace', path: '/properties/city/maxLength', value: 1.5 },
      { file: 'defs/address.schema.json', op: 'add', path: '/properties/address2/minLength', value: 50 },
      { file: 'defs/address.schema.json', op: 'add', path: '/properties/country/enum', value: [] },
    ];
    const refusals = localChecks(changes, applyChanges(published, changes));
    expect(refusals.map((r) => `${r.path} ${r.code}`)).toEqual([
      '/$defs/city/pattern PatternInvalid',
      '/properties/city/maxLength NotWholeNumber',
      '/properties/address2/minLength MinAboveMax',
      '/properties/country/enum NoAllowedValue',
    ]);
    expect(localChecks([{ file: 'defs/address.schema.json', op: 'replace', path: '/properties/city/maxLength', value: 20 }], published)).toEqual([]);
  });
});
