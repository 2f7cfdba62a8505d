import { validDocuments } from './fixtures';
import { type Doc, type FormName, run, withValue } from './harness';

// Whatever a client sends, every error carries a message key and lands on a field: a value of the
// wrong type at every path of every form (what a hand-made request could hold).
const documents: Record<FormName, Doc> = {
  ...validDocuments,
  email: { ...validDocuments.email, verificationCodeSent: true, verificationCode: '123456' },
};
const WRONG: unknown[] = [42, 'text', true, null, [], {}];

function pointers(node: Doc, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]) => {
    const pointer = `${prefix}/${key}`;
    return value && typeof value === 'object' && !Array.isArray(value) ? [pointer, ...pointers(value as Doc, pointer)] : [pointer];
  });
}

describe.each(Object.entries(documents) as [FormName, Doc][])('%s', (form, doc) => {
  it('maps every error of a wrong-typed value to a key at a field', () => {
    let invalid = 0;
    for (const pointer of pointers(doc)) {
      for (const value of WRONG) {
        const outcome = run(form, withValue(doc, pointer, value));
        for (const error of outcome.rawStock) {
          expect(error.keyword, `${pointer}=${JSON.stringify(value)}: ${error.instancePath} "${error.message}"`).toBe('errorMessage');
        }
        expect(outcome.precompiled).toEqual(outcome.stock);
        if (outcome.rawStock.length > 0) {
          invalid += 1;
          expect(outcome.stock.length, `${pointer}=${JSON.stringify(value)} gave no field error`).toBeGreaterThan(0);
        }
      }
    }
    expect(invalid).toBeGreaterThan(0);
  });

  it('answers a document that is not an object with a key', () => {
    expect(run(form, 'not an object').stock).toEqual([{ path: '', key: 'Validation.InvalidValue' }]);
  });
});
