import { join } from 'node:path';
import { loadCatalogues } from '../../../src/server/forms/locale-catalogue';
import { readSchemaFiles } from '../../../src/server/http/schema-registry';
import { checkDraft, type CheckContext } from '../../../src/server/rules/draft-checks';
import { FormMap } from '../../../src/server/rules/form-map';
import { listForms } from '../../../src/server/rules/listing';

// The console lists each form's fields with the place each presentation rule is read from. The
// profile and exam forms take their contact details from a shared ui file (x-include), so a help key
// or an order of those fields lives there, and a change the console makes from the listing names
// that file: it passes the draft checks and reaches both forms.

const root = join(import.meta.dirname, '../../..');
const base = new Map(readSchemaFiles(join(root, 'schemas')).map((f) => [f.file, f.schema]));
const map = new FormMap(base);
const ctx: CheckContext = {
  base,
  map,
  catalogues: loadCatalogues(join(root, 'locales')),
  patterns: async (q) => ({ refusals: new Map(q.patterns.map((p) => [p, null])), passable: q.fields.map(() => true) }),
};
const forms = new Map(listForms(map, base).map((f) => [f.form, f]));

describe('the forms listing', () => {
  it('reads a shared field’s label and help key from the shared ui file', () => {
    const given = forms.get('profile')?.fields.find((f) => f.path === 'givenName');
    expect(given?.labelKey).toBe('Fields.givenName.label');
    expect(given?.helpKey).toEqual({ file: 'ui/defs/contact-details.ui.json', pointer: '/givenName/ui:options/helpKey', value: 'Fields.givenName.help' });
    // The exam form sets its own help for the name: its own file wins.
    const examGiven = forms.get('exam')?.fields.find((f) => f.path === 'givenName');
    expect(examGiven?.helpKey).toMatchObject({ file: 'ui/exam.ui.json', value: 'Fields.givenName.examHelp' });
    // The address block comes from a file the shared one includes in turn.
    const city = forms.get('profile')?.fields.find((f) => f.path === 'primaryAddress/city');
    expect(city?.labelKey).toBe('Fields.address.city.label');
  });

  it('lists every order with the file it is read from, the form’s own first', () => {
    const orders = new Map(forms.get('profile')?.orders.map((o) => [o.path, o]));
    expect(orders.get('')).toMatchObject({ file: 'ui/profile.ui.json', pointer: '/ui:order' });
    expect(orders.get('givenName')).toMatchObject({
      file: 'ui/defs/contact-details.ui.json',
      pointer: '/givenName/ui:order',
      value: ['firstName', 'middleName', 'lastName', 'suffix'],
    });
  });

  it('gives places a draft can change', async () => {
    const given = forms.get('profile')?.fields.find((f) => f.path === 'givenName');
    const order = forms.get('profile')?.orders.find((o) => o.path === 'givenName');
    if (!given?.helpKey || !order) throw new Error('listing incomplete');
    const { refusals, files } = await checkDraft(ctx, base, [
      { file: given.helpKey.file, op: 'replace', path: given.helpKey.pointer, value: 'Fields.alternateEmail.help' },
      { file: order.file, op: 'replace', path: order.pointer, value: [...order.value].reverse() },
    ]);
    expect(refusals).toEqual([]);
    const after = new Map(listForms(new FormMap(files), files).map((f) => [f.form, f]));
    expect(after.get('profile')?.fields.find((f) => f.path === 'givenName')?.helpKey?.value).toBe('Fields.alternateEmail.help');
    expect(after.get('profile')?.orders.find((o) => o.path === 'givenName')?.value).toEqual(['suffix', 'lastName', 'middleName', 'firstName']);
  });

  it('refuses a shared ui file’s field that no form including it has', async () => {
    const { refusals } = await checkDraft(ctx, base, [{ file: 'ui/defs/contact-details.ui.json', op: 'add', path: '/nothing/ui:options', value: {} }]);
    expect(refusals.map((r) => r.key)).toEqual(['Rules.Refusal.NoSuchField']);
  });
});
