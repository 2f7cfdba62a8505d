import { CONFIRM_SHARE, fieldShares, sharesToConfirm } from '../../../src/portal/admin/rules/impact-share';
import type { RulesImpact } from '../../../src/portal/admin/api/rules-api';

// A saved draft's impact report, read per field: how many of the stored profiles checked it would
// newly turn back there, and which fields ask the product owner to confirm before publishing.

const report = (checked: number, fields: Array<{ form: string; path: string; key: string; count: number }>): RulesImpact =>
  ({
    draftId: 'd',
    hash: 'h',
    publishedHash: 'p',
    checked,
    ms: 1,
    readFields: [],
    forms: [...new Set(fields.map((f) => f.form))].map((form) => ({
      form,
      profiles: Math.max(0, ...fields.filter((f) => f.form === form).map((f) => f.count)),
      fields: fields.filter((f) => f.form === form).map(({ path, key, count }) => ({ path, key, count, examples: [] })),
    })),
  }) as unknown as RulesImpact;

describe('the share of stored profiles a draft turns back at a field', () => {
  it('takes the most under any one message, as a share of the profiles checked, largest first', () => {
    const shares = fieldShares(
      report(40, [
        { form: 'profile', path: '/primaryAddress/city', key: 'Validation.InvalidCity', count: 30 },
        { form: 'profile', path: '/primaryAddress/city', key: 'Validation.Required', count: 4 },
        { form: 'profile', path: '/company', key: 'Validation.InvalidCompany', count: 2 },
      ]),
    );
    expect(shares).toEqual([
      { form: 'profile', path: 'primaryAddress/city', count: 30, checked: 40, share: 0.75 },
      { form: 'profile', path: 'company', count: 2, checked: 40, share: 0.05 },
    ]);
  });

  it('asks to confirm from the threshold on, and never for an empty store', () => {
    const at = Math.ceil(CONFIRM_SHARE * 100);
    expect(sharesToConfirm(report(100, [{ form: 'exam', path: '/givenName/firstName', key: 'Validation.InvalidName', count: at }]))).toHaveLength(1);
    expect(sharesToConfirm(report(100, [{ form: 'exam', path: '/givenName/firstName', key: 'Validation.InvalidName', count: at - 1 }]))).toEqual([]);
    expect(sharesToConfirm(report(0, []))).toEqual([]);
    expect(sharesToConfirm(null)).toEqual([]);
  });
});
