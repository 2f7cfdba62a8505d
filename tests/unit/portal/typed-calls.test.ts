import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { request } from '../../../src/portal/clients/client';

// The portal's calls are typed from the services' OpenAPI document (src/generated/openapi.ts, npm run
// gen): a path the services do not serve, a method a path does not take, a missing or unknown path
// parameter, a body of the wrong shape fail the type check. Checked twice: the calls below carry
// `@ts-expect-error`, so npm run typecheck fails as soon as one of them compiles (TS2578); and the
// test compiles the same calls without the directive, one TypeScript program, and reads each call's
// error, so a call fails for the reason it stands for, while the right calls beside them compile.

/** Never run: compiled by npm run typecheck only. */
export function wrongCalls() {
  // @ts-expect-error a path the services do not serve
  void request('identity', 'GET', '/api/profile/{id}', { path: { id: 'p' } });
  // @ts-expect-error a method the path does not take
  void request('identity', 'DELETE', '/api/profiles/{id}', { path: { id: 'p' } });
  // @ts-expect-error the path parameter is missing
  void request('identity', 'GET', '/api/profiles/{id}/cmp/role');
  // @ts-expect-error the path parameter has another name
  void request('identity', 'GET', '/api/profiles/{id}/cmp/role', { path: { profileId: 'p' } });
  // @ts-expect-error a field the body does not have
  void request('identity', 'POST', '/api/accounts/{id}/change-email', { path: { id: 'a' }, body: { code: '123456' } });
  // @ts-expect-error a field of the wrong type
  void request('entitlements', 'POST', '/api/redemptions/cmp/redeem', { body: { accessKey: 'K', certMasterProductId: '7', profileId: 'p' } });
  // @ts-expect-error a body on a GET
  void request('identity', 'GET', '/api/announcements/', { body: {} });
  // @ts-expect-error a query the route does not take
  void request('identity', 'GET', '/api/announcements/', { query: { lang: 'en' } });
  // @ts-expect-error the body is required
  void request('identity', 'POST', '/api/accounts/{id}/set-password', { path: { id: 'a' } });
}

const root = join(import.meta.dirname, '../../..');
const thisFile = join(import.meta.dirname, 'typed-calls.test.ts');

/** Each wrong call (the line after its directive) with what it stands for. */
function wrongCallLines(): Array<{ line: number; reason: string; code: string }> {
  const lines = readFileSync(thisFile, 'utf8').split('\n');
  return lines.flatMap((text, i) => {
    const reason = /^\s*\/\/ @ts-expect-error (.+)$/.exec(text)?.[1];
    return reason ? [{ line: i + 1, reason, code: lines[i + 1]!.trim() }] : [];
  });
}

it('a wrong path, method, path parameter, query or body fails the type check, each for its own reason', () => {
  const cases = wrongCallLines();
  expect(cases.length).toBe(9);
  const right = [
    "void request('identity', 'GET', '/api/profiles/{id}/cmp/role', { path: { id: 'p' } });",
    "void request('identity', 'PATCH', '/api/profiles/{id}', { path: { id: 'p' }, body: [{ op: 'replace', path: '/company', value: 'X' }], headers: { 'if-match': 'W/1' } });",
    "void request('identity', 'POST', '/api/accounts/{id}/change-email', { path: { id: 'a' }, body: { verificationCode: '123456' } });",
    "void request('identity', 'GET', '/api/announcements/', { query: { language: 'en' } });",
    "void request('identity', 'GET', '/api/announcements/');",
  ];
  const probe = join(root, 'src/portal/clients/typed-calls-probe.ts');
  const source = [
    "import { request } from './client';",
    ...cases.map((c, i) => `export function wrong${i}() {\n  ${c.code}\n}`),
    `export function right() {\n  ${right.join('\n  ')}\n}`,
  ].join('\n');
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.portal.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  )!;
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => (file === probe ? source : readFile(file));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => file === probe || fileExists(file);
  const program = ts.createProgram({ rootNames: [probe], options: config.options, host });
  const file = program.getSourceFile(probe)!;
  const errors = ts.getPreEmitDiagnostics(program, file).map((d) => ({
    line: file.getLineAndCharacterOfPosition(d.start ?? 0).line,
    message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }));
  const lineOf = (code: string) => source.split('\n').findIndex((text) => text.trim() === code);
  // Each wrong call has its own error; the right calls have none.
  for (const c of cases)
    expect(
      errors.filter((e) => e.line === lineOf(c.code)),
      c.reason,
    ).not.toEqual([]);
  for (const code of right)
    expect(
      errors.filter((e) => e.line === lineOf(code)),
      code,
    ).toEqual([]);
  const about = (reason: string) =>
    errors
      .filter((e) => e.line === lineOf(cases.find((c) => c.reason === reason)!.code))
      .map((e) => e.message)
      .join('\n');
  expect(about('a path the services do not serve')).toMatch(/"\/api\/profile\/\{id\}"/);
  expect(about('a method the path does not take')).toMatch(/"\/api\/profiles\/\{id\}"/);
  expect(about('the path parameter is missing')).toMatch(/Expected 4 arguments, but got 3/);
  expect(about('the path parameter has another name')).toMatch(/'profileId' does not exist/);
  expect(about('a field the body does not have')).toMatch(/'code' does not exist/);
  expect(about('a field of the wrong type')).toMatch(/'string' is not assignable to type 'number'/);
  expect(about('a body on a GET')).toMatch(/not assignable to type 'undefined'/);
  expect(about('a query the route does not take')).toMatch(/'lang' does not exist/);
  expect(about('the body is required')).toMatch(/'body' is missing/);
}, 60_000);
