import { describeRules } from '../../../src/portal/admin/gallery/describe-rules';
import { testDefinitions } from '../forms/harness';

describe('gallery rules from the schema', () => {
  const rules = (form: 'profile' | 'password') => {
    const byPath = new Map(describeRules(testDefinitions()(form).schema as Record<string, unknown>).map((f) => [f.path, f.rules]));
    return (path: string) => byPath.get(path) ?? [];
  };

  it('reads lengths, required fields, named patterns and conditions of the profile', () => {
    const at = rules('profile');
    expect(at('primaryAddress/city')).toEqual(expect.arrayContaining([{ key: 'MaxLength', params: { count: 32 } }, { key: 'Required' }]));
    expect(at('givenName/firstName').some((r) => r.key === 'Pattern' && r.params?.name === 'name')).toBe(true);
    const postal = at('primaryAddress/postalCode').filter((r) => r.when?.some((c) => c.field === 'primaryAddress/country' && c.value === 'CAN'));
    expect(postal.length).toBeGreaterThan(0);
    expect(at('alternateEmail').some((r) => r.key === 'MustDiffer' && r.params?.field === 'email')).toBe(true);
  });

  it('reads cross-field equality of the password form', () => {
    const at = rules('password');
    expect(at('confirmPassword').some((r) => r.key === 'MustEqual' && r.params?.field === 'newPassword')).toBe(true);
    expect(at('newPassword').some((r) => r.key === 'MustDiffer' && r.params?.field === 'currentPassword')).toBe(true);
  });
});
