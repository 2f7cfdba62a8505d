// The certification-tracking partner's page that the portal embeds on its certification routes. The
// page waits for the portal's token by postMessage (from the portal's origin only), has it verified
// here like a single sign-on token, then shows the learner's exams, certifications and continuing
// education from the partner's own records, with the two requests the frame may send the portal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SandboxConfig } from '../config';
import { escapeHtml } from '../../shared/html';
import { page } from '../html';
import { text, verifyPartnerJwt } from './jwt';

interface LearnerRecord {
  exams: { code: string; title: string; date: string; result: string }[];
  certifications: { code: string; title: string; status: string; earned: string; expires: string }[];
  continuingEducation: { activity: string; units: number; date: string; status: string }[];
}

const EMPTY: LearnerRecord = { exams: [], certifications: [], continuingEducation: [] };
const SECTIONS = [
  ['exams', 'My exams'],
  ['certifications', 'Certifications'],
  ['continuing-education', 'Continuing education'],
] as const;

function loadRecords(): Map<string, LearnerRecord> {
  const file = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'data', 'certmetrics-records.json'), 'utf8')) as {
    records: Record<string, LearnerRecord>;
  };
  return new Map(Object.entries(file.records).map(([email, record]) => [email.toLowerCase(), record]));
}

export function registerCertMetricsEmbedded(app: FastifyInstance, config: SandboxConfig): void {
  const records = loadRecords();
  const script = readFileSync(join(import.meta.dirname, '..', 'assets', 'certmetrics-embedded.js'), 'utf8');

  app.get('/certmetrics/embedded.js', async (_request, reply) => reply.type('application/javascript; charset=utf-8').send(script));

  app.get('/certmetrics/embedded', async (_request, reply) => {
    const sections = SECTIONS.map(
      ([name, heading]) =>
        `<section data-section="${name}" aria-labelledby="section-${name}" hidden><h2 id="section-${name}">${heading}</h2><ul data-list="${name}"></ul>${
          name === 'exams'
            ? '<button type="button" data-request="manage-exams">Manage exams</button>'
            : name === 'certifications'
              ? '<button type="button" data-request="edit-address">Update shipping address</button>'
              : ''
        }</section>`,
    ).join('');
    return reply.type('text/html; charset=utf-8').send(
      page({
        partner: 'certMetricsEmbedded',
        title: 'CertMetrics',
        valid: false,
        reason: 'waiting for the portal’s token',
        body: `<div id="certmetrics-app" data-portal-origin="${escapeHtml(config.portalOrigin)}" hidden><dl><dt>email</dt><dd data-field="email"></dd><dt>name</dt><dd data-field="name"></dd></dl>${sections}</div>`,
        scripts: ['/certmetrics/embedded.js'],
      }),
    );
  });

  // The page's own script posts the token it was given; the answer is the learner's record.
  app.post('/certmetrics/embedded/session', async (request, reply) => {
    const body = request.body as { token?: unknown } | undefined;
    const token = typeof body?.token === 'string' ? body.token : undefined;
    const result = await verifyPartnerJwt(token, config.secrets.certMetrics, { issuer: config.portalOrigin, audience: 'certmetrics' });
    if (!result.ok) return reply.code(401).send({ reason: result.reason });
    const email = text(result.claims.email) ?? '';
    const name = [text(result.claims.given_name), text(result.claims.family_name)].filter(Boolean).join(' ');
    return { email, name, ...(records.get(email.toLowerCase()) ?? EMPTY) };
  });
}
