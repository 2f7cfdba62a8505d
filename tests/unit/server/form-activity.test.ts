import { readFileSync } from 'node:fs';
import { dailyCounts } from '../../../src/server/activity/sink';
import { FORM_NAMES } from '../../../src/shared/schemas/form-names';

const schema = (name: string) => JSON.parse(readFileSync(`schemas/api/${name}.schema.json`, 'utf8'));

describe('form activity', () => {
  it('names exactly the forms of the form list in both request schemas', () => {
    expect(schema('form-activity-request').$defs.form.enum).toEqual([...FORM_NAMES]);
    expect(schema('form-activity-stats-request').properties.form.enum).toEqual([...FORM_NAMES]);
  });

  it('counts a batch per UTC day of receipt, one count per distinct event, in one order whatever the batch order', () => {
    const at = '2026-03-01T23:59:59Z';
    const events = [
      { type: 'submit-attempted', form: 'profile', at },
      { type: 'field-rejected', form: 'profile', field: 'company', key: 'Validation.InvalidCompany', at },
      { type: 'modal-viewed', modal: 'redeem', at },
      { type: 'submit-attempted', form: 'profile', at },
    ] as const;
    const counts = dailyCounts(events, new Date('2026-03-02T00:00:01Z'));
    expect(counts).toEqual([
      { day: '2026-03-02', event: 'field-rejected', form: 'profile', field: 'company', messageKey: 'Validation.InvalidCompany', modal: '', count: 1 },
      { day: '2026-03-02', event: 'modal-viewed', form: '', field: '', messageKey: '', modal: 'redeem', count: 1 },
      { day: '2026-03-02', event: 'submit-attempted', form: 'profile', field: '', messageKey: '', modal: '', count: 2 },
    ]);
    expect(dailyCounts([...events].reverse(), new Date('2026-03-02T00:00:01Z'))).toEqual(counts);
  });
});
