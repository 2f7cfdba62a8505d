// Partners opened with plain URLs (docs/behaviour.md#calls): CertMaster's entries, CertMaster Practice with
// an optional classroom, BenchPrep and Canvas with an optional return_to, Gutenberg and Populi.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { page } from '../html';
import { isAbsoluteHttpUrl } from './urls';

const ID = /^[A-Za-z0-9._-]{1,64}$/;

const html = (reply: FastifyReply, code: number, body: string) => reply.code(code).type('text/html; charset=utf-8').send(body);

export function registerPlainPartners(app: FastifyInstance): void {
  const certMaster =
    (target: string, id?: (request: FastifyRequest) => { name: string; value: string | undefined }) => async (request: FastifyRequest, reply: FastifyReply) => {
      const extra = id?.(request);
      const valid = !extra || extra.value === undefined || ID.test(extra.value);
      const fields: Record<string, string | undefined> = { target, ...(extra ? { [extra.name]: extra.value } : {}) };
      return html(reply, valid ? 200 : 400, page({ partner: 'certMaster', title: 'CertMaster', valid, reason: 'malformed code', fields }));
    };
  app.get(
    '/certmaster/productviewer/:code/default',
    certMaster('Course', (r) => ({ name: 'code', value: (r.params as { code?: string }).code })),
  );
  app.get('/certmaster/my-courses', certMaster('MyCourses'));
  app.get('/certmaster/mycampus', certMaster('MySchools'));
  app.get(
    '/certmaster/mycampus/:id',
    certMaster('MySchools', (r) => ({ name: 'campus', value: (r.params as { id?: string }).id })),
  );
  app.get('/certmaster/employeetools', certMaster('EmployeeTools'));

  const simple =
    (partner: string, title: string, params: string[], check: (query: Record<string, string | undefined>) => string | null) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const query = request.query as Record<string, string | undefined>;
      const problem = check(query);
      const fields = Object.fromEntries(params.map((name) => [name, query[name]]));
      return html(reply, problem ? 400 : 200, page({ partner, title, valid: !problem, reason: problem ?? undefined, fields }));
    };
  const returnTo = (query: Record<string, string | undefined>) =>
    query.return_to === undefined || isAbsoluteHttpUrl(query.return_to) ? null : 'return_to is not an absolute http(s) URL';
  const classroom = (query: Record<string, string | undefined>) => (query.classroom === undefined || ID.test(query.classroom) ? null : 'malformed classroom');
  for (const path of ['/cmp', '/cmp/']) app.get(path, simple('certMasterPractice', 'CertMaster Practice', ['classroom'], classroom));
  for (const path of ['/benchprep', '/benchprep/']) app.get(path, simple('benchPrep', 'BenchPrep', ['return_to'], returnTo));
  for (const path of ['/canvas', '/canvas/']) app.get(path, simple('canvas', 'Canvas', ['return_to'], returnTo));
  for (const path of ['/gutenberg', '/gutenberg/'])
    app.get(
      path,
      simple('gutenberg', 'Gutenberg', [], () => null),
    );
  for (const path of ['/populi', '/populi/'])
    app.get(
      path,
      simple('populi', 'Populi', [], () => null),
    );
}
