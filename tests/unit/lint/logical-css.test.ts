import stylelint from 'stylelint';

// The stylesheets name sides by the reading direction (stylelint.config.js, docs/texts.md#right-to-left):
// each physical form is refused, its logical form passes, and the real stylesheets pass.
const lint = async (code: string) => {
  const { results } = await stylelint.lint({ code, codeFilename: 'src/portal/probe.css' });
  return (results[0]?.warnings ?? []).map((w) => w.rule);
};

describe('logical properties in the portal’s stylesheets', () => {
  it.each([
    ['margin-left: 4px', 'property-disallowed-list'],
    ['padding-right: 4px', 'property-disallowed-list'],
    ['border-left: 1px solid', 'property-disallowed-list'],
    ['border-right-color: red', 'property-disallowed-list'],
    ['left: 0', 'property-disallowed-list'],
    ['right: 12px', 'property-disallowed-list'],
    ['border-top-left-radius: 2px', 'property-disallowed-list'],
    ['text-align: left', 'declaration-property-value-disallowed-list'],
    ['float: right', 'declaration-property-value-disallowed-list'],
    ['margin: 0 40px 8px 0', 'house/no-physical-shorthand'],
    ['padding: 1px var(--a) 1px calc(2px + 1px)', 'house/no-physical-shorthand'],
    ['border-radius: 4px 0 0 4px', 'house/no-physical-shorthand'],
  ])('refuses %s', async (declaration, rule) => {
    expect(await lint(`.a { ${declaration}; }`)).toEqual([rule]);
  });

  it.each([
    'margin-inline-start: 4px',
    'padding-inline: 4px 8px',
    'inset-inline-end: 12px',
    'border-inline-start: 1px solid',
    'border-start-start-radius: 2px',
    'text-align: start',
    'margin: 0 4px 8px 4px',
    'margin: 0 calc(-1 * var(--space-4))',
    'border-radius: 50%',
    'top: 0',
  ])('takes %s', async (declaration) => {
    expect(await lint(`.a { ${declaration}; }`)).toEqual([]);
  });

  it('passes the portal’s and the sign-in pages’ stylesheets', async () => {
    const { results } = await stylelint.lint({ files: ['src/portal/**/*.css', 'src/server/idp/assets/*.css'] });
    expect(results.length).toBeGreaterThan(10);
    expect(results.flatMap((r) => r.warnings.map((w) => `${r.source}: ${w.text}`))).toEqual([]);
  });
});
