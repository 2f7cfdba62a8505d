// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { examErrorCode, EXAM_ERROR_CODES } from '../../../src/portal/features/launch/exam-error-codes';
import { type LaunchContext, LaunchUnavailable, planLaunch, productLaunch } from '../../../src/portal/features/launch/launch-plan';
import { navigate } from '../../../src/portal/features/launch/navigate';

const sandbox = 'https://partners.test:3004';
const context: LaunchContext = {
  portalOrigin: 'http://portal.test:3002',
  language: 'en',
  partners: {
    pearsonVue: `${sandbox}/pearson/sso`,
    zendesk: `${sandbox}/zendesk/access/jwt`,
    certMetrics: `${sandbox}/certmetrics/sso`,
    certMaster: `${sandbox}/certmaster/`,
    certMasterPractice: `${sandbox}/cmp/`,
    benchPrep: `${sandbox}/benchprep/`,
    canvas: `${sandbox}/canvas/`,
    gutenberg: `${sandbox}/gutenberg/`,
    populi: `${sandbox}/populi/`,
  },
};
const none = { kind: 'none' } as const;
const pearson = {
  kind: 'pearson',
  candidateId: '900000001',
  value: { clientCode: 'CERTPORTAL', externalPageTimestamp: '1790000000000', externalSessionTimeout: '30', token: 'hash==' },
} as const;

describe('single sign-on launches (docs/behaviour.md#calls)', () => {
  it('exam delivery: a form POST with every field, URLs on the portal origin, locale by language', () => {
    const nav = planLaunch('pearsonVue', { pearsonAction: 'SCHEDULE_EXAM' }, pearson, context);
    expect(nav).toEqual({
      kind: 'post',
      action: `${sandbox}/pearson/sso`,
      fields: {
        CLIENT_CODE: 'CERTPORTAL',
        VUE_CANDIDATE_ID: '900000001',
        EXTERNAL_PAGE_TIMESTAMP: '1790000000000',
        EXTERNAL_ERROR_URL: 'http://portal.test:3002/exam-error',
        EXTERNAL_LOGOUT_URL: 'http://portal.test:3002/',
        EXTERNAL_RETURN_URL: 'http://portal.test:3002/home',
        EXTERNAL_TIMEOUT_URL: 'http://portal.test:3002/exam-error',
        EXTERNAL_SESSION_TIMEOUT: '30',
        LOCALE_CODE: 'en_US',
        HIDE_CONFIRM_PERSONAL_INFO_PAGE: 'True',
        ACTION: 'SCHEDULE_EXAM',
        EXTERNAL_AUTH_HASH: 'hash==',
      },
    });
    const ja = planLaunch('pearsonVue', {}, pearson, { ...context, language: 'ja' });
    expect(ja.kind === 'post' && ja.fields.LOCALE_CODE).toBe('ja_JP');
    expect(ja.kind === 'post' && 'ACTION' in ja.fields).toBe(false);
  });

  it('support desk: a form POST with the JWT and the optional return_to', () => {
    expect(planLaunch('zendesk', { returnUrl: `${sandbox}/zendesk/hc/articles/1` }, { kind: 'jwt', value: 'j.w.t' }, context)).toEqual({
      kind: 'post',
      action: `${sandbox}/zendesk/access/jwt`,
      fields: { jwt: 'j.w.t', return_to: `${sandbox}/zendesk/hc/articles/1` },
    });
  });

  it('certification tracking: a redirect with the token and the optional ReturnUrl', () => {
    const nav = planLaunch('certMetrics', { returnUrl: 'https://x.test/a?b=1' }, { kind: 'jwt', value: 'tok&en' }, context);
    expect(nav.kind).toBe('redirect');
    const url = new URL(nav.kind === 'redirect' ? nav.url : '');
    expect(url.origin + url.pathname).toBe(`${sandbox}/certmetrics/sso`);
    expect(url.searchParams.get('token')).toBe('tok&en');
    expect(url.searchParams.get('ReturnUrl')).toBe('https://x.test/a?b=1');
  });

  it('CertMaster: productviewer/{code}/default, my-courses, mycampus[/{id}] and employeetools, with encoded segments', () => {
    const open = (options: Parameters<typeof planLaunch>[1]) => {
      const nav = planLaunch('certMaster', options, none, context);
      return nav.kind === 'open' ? nav.url : '';
    };
    expect(open({ target: 'Course', productCode: 'CM-SEC-701' })).toBe(`${sandbox}/certmaster/productviewer/CM-SEC-701/default`);
    expect(open({ target: 'MyCourses' })).toBe(`${sandbox}/certmaster/my-courses`);
    expect(open({ target: 'MySchools' })).toBe(`${sandbox}/certmaster/mycampus`);
    expect(open({ target: 'MySchools', classroom: 'campus-1001' })).toBe(`${sandbox}/certmaster/mycampus/campus-1001`);
    expect(open({ target: 'EmployeeTools' })).toBe(`${sandbox}/certmaster/employeetools`);
    expect(open({ target: 'Course', productCode: '../../evil?x=1' })).toBe(`${sandbox}/certmaster/productviewer/..%2F..%2Fevil%3Fx%3D1/default`);
    expect(() => open({ target: 'Course' })).toThrow(LaunchUnavailable);
  });

  it('courseware without tokens opens in a new tab with its optional parameters', () => {
    expect(planLaunch('benchPrep', { returnUrl: 'http://portal.test:3002/home' }, none, context)).toEqual({
      kind: 'open',
      url: `${sandbox}/benchprep/?return_to=http%3A%2F%2Fportal.test%3A3002%2Fhome`,
    });
    expect(planLaunch('canvas', {}, none, context)).toEqual({ kind: 'open', url: `${sandbox}/canvas/` });
    expect(planLaunch('certMasterPractice', { classroom: 'class-501' }, none, context)).toEqual({ kind: 'open', url: `${sandbox}/cmp/?classroom=class-501` });
    expect(planLaunch('gutenberg', {}, none, context)).toEqual({ kind: 'open', url: `${sandbox}/gutenberg/` });
    expect(planLaunch('populi', {}, none, context)).toEqual({ kind: 'open', url: `${sandbox}/populi/` });
  });

  it('the lab partner: a redirect to the URL the service made, http(s) only', () => {
    expect(planLaunch('skillable', {}, { kind: 'url', value: `${sandbox}/skillable/sso?token=a` }, context)).toEqual({
      kind: 'redirect',
      url: `${sandbox}/skillable/sso?token=a`,
    });
    expect(() => planLaunch('skillable', {}, { kind: 'url', value: 'javascript:alert(1)' }, context)).toThrow(LaunchUnavailable);
  });

  it('refuses a launch without its partner URL, or with a non-http one, or without its token', () => {
    expect(() => planLaunch('gutenberg', {}, none, { ...context, partners: {} })).toThrow(LaunchUnavailable);
    expect(() => planLaunch('gutenberg', {}, none, { ...context, partners: { gutenberg: 'javascript:alert(1)' } })).toThrow(LaunchUnavailable);
    expect(() => planLaunch('pearsonVue', {}, none, context)).toThrow(LaunchUnavailable);
    expect(() => planLaunch('zendesk', {}, none, context)).toThrow(LaunchUnavailable);
  });
});

describe('products and their launches', () => {
  it('CertMaster products open their course; expired ones are filtered by the list; optimizely has none', () => {
    expect(productLaunch({ vendor: 'certMaster', product: { vendorProductCode: 'CM-1' }, preferredProductVersion: 'V2' })).toEqual({
      vendor: 'certMaster',
      options: { target: 'Course', productCode: 'CM-1', version: 'V2' },
    });
    expect(productLaunch({ vendor: 'canvas', product: { classroom: 'class-501' } })).toEqual({ vendor: 'canvas', options: { classroom: 'class-501' } });
    expect(productLaunch({ vendor: 'pearsonVue', product: {} })).toEqual({ vendor: 'pearsonVue', options: { pearsonAction: 'SCHEDULE_EXAM' } });
    expect(productLaunch({ vendor: 'optimizely', product: {} })).toBeNull();
    expect(productLaunch({ vendor: 'certMaster', product: {} })).toBeNull();
  });
});

describe('performing a launch', () => {
  it('a POST is a real hidden form whose values are properties, never markup, and is submitted', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    navigate({ kind: 'post', action: `${sandbox}/zendesk/access/jwt`, fields: { jwt: '"><script>x</script>', return_to: 'a' } });
    const form = document.querySelector<HTMLFormElement>('form[data-launch]')!;
    expect(form.method).toBe('post');
    expect(form.action).toBe(`${sandbox}/zendesk/access/jwt`);
    expect([...form.elements].map((e) => [(e as HTMLInputElement).name, (e as HTMLInputElement).value])).toEqual([
      ['jwt', '"><script>x</script>'],
      ['return_to', 'a'],
    ]);
    expect(form.querySelector('script')).toBeNull();
    expect(submit).toHaveBeenCalledTimes(1);
    submit.mockRestore();
  });

  it('an open uses a new tab without a way back to the portal', () => {
    const open = vi.fn();
    navigate({ kind: 'open', url: `${sandbox}/gutenberg/` }, { open } as unknown as Window);
    expect(open).toHaveBeenCalledWith(`${sandbox}/gutenberg/`, '_blank', 'noopener,noreferrer');
  });
});

describe('exam-delivery error codes', () => {
  it('reads the nine codes and anything else as ERROR', () => {
    expect(EXAM_ERROR_CODES).toHaveLength(9);
    for (const code of EXAM_ERROR_CODES) expect(examErrorCode(code)).toBe(code);
    expect(examErrorCode('ERROR_<script>')).toBe('ERROR');
    expect(examErrorCode(null)).toBe('ERROR');
  });
});
