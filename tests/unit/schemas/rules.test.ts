import { allCases } from './cases';
import { type FieldError, run } from './harness';

// Which rule fires where; what each message says about its rule is tested in message-params.test.ts.
const placed = (errors: FieldError[]) => errors.map(({ path, key }) => ({ path, key }));

// Every rule, both sides of every boundary. Each document goes through the stock Ajv over schemas/,
// the precompiled validators (the browser) and the services' schema registry; all three must give
// exactly these errors.
describe.each(Object.entries(allCases))('%s', (_group, cases) => {
  it.each(cases.map((c) => [c.form, c.name, c] as const))('%s: %s', (_form, _name, c) => {
    const outcome = run(c.form, c.data);
    expect(placed(outcome.stock)).toEqual([...c.errors].sort((a, b) => `${a.path} ${a.key}`.localeCompare(`${b.path} ${b.key}`)));
    expect(outcome.precompiled).toEqual(outcome.stock);
    expect(outcome.services).toEqual(outcome.stock);
    expect(outcome.valid).toEqual({ stock: c.errors.length === 0, precompiled: c.errors.length === 0, services: c.errors.length === 0 });
    for (const error of outcome.rawStock) {
      expect(error.keyword, `${error.instancePath} raised raw "${error.message}"`).toBe('errorMessage');
      expect(error.message).toMatch(/^Validation\.[A-Za-z]+$/);
    }
  });
});
