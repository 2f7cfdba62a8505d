import { describe, expect, it } from 'vitest';
import { periodOf, refusalsOfError } from '../../../src/portal/admin/api/rules-api';
import type { RuleChange } from '../../../src/portal/admin/rules/changes';

const changes: RuleChange[] = [
  { file: 'defs/address.schema.json', op: 'replace', path: '/properties/city/maxLength', value: 500 },
  { file: 'forms/profile.schema.json', op: 'replace', path: '/properties/firstName/pattern', value: '^(a+)+$' },
];

describe('the services’ answers as the console reads them', () => {
  it('puts each refusal of a 400 at the file and path of the change it names, with its message key', () => {
    const error = {
      statusCode: 400,
      message: 'The draft has changes that may not be made.',
      errors: [
        { path: '/changes/1', change: 1, keyword: 'pattern', key: 'Rules.Refusal.PatternNotLinear' },
        { path: '/changes/0', change: 0, keyword: 'maxLength', key: 'Rules.Refusal.AboveStorage', params: { limit: 50 } },
      ],
    };
    expect(refusalsOfError(error, changes)).toEqual([
      { file: 'forms/profile.schema.json', path: '/properties/firstName/pattern', code: 'pattern', key: 'Rules.Refusal.PatternNotLinear' },
      { file: 'defs/address.schema.json', path: '/properties/city/maxLength', code: 'maxLength', key: 'Rules.Refusal.AboveStorage', params: { limit: 50 } },
    ]);
  });

  it('reads anything else (another status, field errors of the body) as no refusal', () => {
    expect(refusalsOfError({ statusCode: 409, message: 'stale', errors: [] }, changes)).toBeUndefined();
    expect(refusalsOfError({ statusCode: 400, message: 'bad', errors: [{ path: '/reason', key: 'Validation.Required' }] }, changes)).toBeUndefined();
    expect(refusalsOfError(new Error('offline'), changes)).toBeUndefined();
  });

  it('asks for whole UTC days, today included', () => {
    expect(periodOf(30, new Date('2026-11-26T07:00:00Z'))).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(periodOf(1, new Date('2026-11-26T23:59:00Z'))).toEqual({ from: '2026-11-26', to: '2026-11-26' });
  });
});
