import { loadCompiledForm } from '../../../src/portal/admin/api/compiled-forms';

describe('the published rules the admin area previews with', () => {
  it('falls back to the rules the build compiled where the services serve no compiled module (production)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { schema, validator } = await loadCompiledForm('redeem');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/gallery/forms/redeem.js did not load'), expect.anything());
    expect(Object.keys((schema as { properties: object }).properties)).toContain('accessKey');
    expect(validator.isValid(schema, { accessKey: 'DEMO-SUCCESS-0000' }, schema)).toBe(true);
    warn.mockRestore();
  });
});
