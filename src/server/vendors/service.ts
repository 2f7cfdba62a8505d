import { randomInt } from 'node:crypto';
import { candidateView } from '../../shared/profile/candidate';
import { buildProfilePatch } from '../../shared/profile/patch';
import { pickFields, toProfileView } from '../../shared/profile/view';
import type { ServerConfig } from '../config';
import { conflict, forbidden, invalid } from '../errors';
import type { Caller } from '../http/auth';
import { PROTECTED_FIELDS, type IdentityService, type ProfileRow } from '../identity/service';
import type { RulesInForce } from '../rules/service';
import { partnerJwt, pearsonHash, zendeskJwt } from './partner-tokens';
import * as store from './store';

const EXAM_FORM = 'forms/exam.schema.json';
const ADDRESS_DEF = 'defs/address.schema.json';

export interface VendorsDeps {
  db: store.Db;
  identity: IdentityService;
  config: Pick<ServerConfig, 'partnerSecrets' | 'publicOrigin' | 'partners' | 'pearsonClientCode' | 'pearsonSessionTimeout'>;
}

const displayName = (row: ProfileRow) => {
  const name = row.document.preferredName?.firstName ? row.document.preferredName : row.document.givenName;
  return [name?.firstName, name?.lastName].filter(Boolean).join(' ');
};

// Addresses and the exam form are checked with the field rules in force for the request (`rules`: the
// published version when it arrived, rules/service.ts).
export function createVendorsService({ db, identity, config }: VendorsDeps) {
  function validateAddress(rules: RulesInForce, address: unknown) {
    const errors = rules.validators.validate(ADDRESS_DEF, address);
    if (errors) throw invalid(errors.map((e) => ({ ...e, path: `/address${e.path}` })));
  }

  return {
    async pendingFulfillments(caller: Caller, id: string) {
      const row = await identity.ownProfile(caller, id);
      const pending = await store.pendingFulfillments(db, row.account_id);
      const fulfillments = pending.map(({ created_at, kind, ...rest }) => ({
        ...rest,
        ...(kind ? { kind } : {}),
        createdAt: new Date(created_at).toISOString(),
      }));
      return { hasPendingFulfillments: fulfillments.length > 0, fulfillments };
    },

    async releaseFulfillments(rules: RulesInForce, caller: Caller, body: { address: Record<string, unknown>; profileId: string }) {
      const row = await identity.ownProfile(caller, body.profileId);
      validateAddress(rules, body.address);
      return { released: await store.releaseFulfillments(db, row.account_id, body.address) };
    },

    /** Checks an address with the address rules and answers it normalised. */
    async verifyAddress(rules: RulesInForce, caller: Caller, body: { address: Record<string, unknown>; profileId: string }) {
      await identity.ownProfile(caller, body.profileId);
      validateAddress(rules, body.address);
      const address: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(body.address)) address[key] = typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : value;
      for (const key of ['state', 'country', 'postalCode']) {
        if (typeof address[key] === 'string') address[key] = (address[key] as string).toUpperCase();
      }
      return { isValid: true, address };
    },

    async skillableUrl(caller: Caller, id: string) {
      const row = await identity.ownProfile(caller, id);
      const token = await partnerJwt(
        config.partnerSecrets.skillable,
        { email: row.document.email, name: displayName(row), external_id: row.document.externalIds?.skillable ?? row.account_id },
        { issuer: config.publicOrigin, audience: 'skillable', subject: row.account_id },
      );
      const url = new URL(config.partners.skillable);
      url.searchParams.set('token', token);
      return { url: url.toString() };
    },

    async certMetricsToken(caller: Caller, id: string) {
      const row = await identity.ownProfile(caller, id);
      const token = await partnerJwt(
        config.partnerSecrets.certMetrics,
        {
          email: row.document.email,
          given_name: row.document.givenName?.firstName,
          family_name: row.document.givenName?.lastName,
          external_id: row.account_id,
        },
        { issuer: config.publicOrigin, audience: 'certmetrics', subject: row.account_id },
      );
      return { token };
    },

    async zendeskToken(caller: Caller, id: string) {
      // Support is for every learner: an account without a profile yet is known by its account.
      const row = await identity.ownProfileIfAny(caller, id);
      if (!row) {
        const account = await identity.accountFacts(caller.accountId);
        return {
          token: await zendeskJwt(config.partnerSecrets.zendesk, { name: account.name || account.email, email: account.email, externalId: caller.accountId }),
        };
      }
      return {
        token: await zendeskJwt(config.partnerSecrets.zendesk, { name: displayName(row), email: String(row.document.email ?? ''), externalId: row.account_id }),
      };
    },

    /** Exam-delivery launch values; the profile must be a candidate already. */
    async pearsonToken(caller: Caller, id: string) {
      const row = await identity.ownProfile(caller, id);
      if (row.document.isBlocked) throw forbidden('Exam registration is suspended for this account.');
      const vueCandidateId = row.document.externalIds?.pearsonVue;
      if (!vueCandidateId) throw conflict('The profile is not an exam-delivery candidate yet.');
      const fields = {
        clientCode: config.pearsonClientCode,
        vueCandidateId,
        externalPageTimestamp: String(Date.now()),
        externalSessionTimeout: String(config.pearsonSessionTimeout),
      };
      return { ...fields, token: pearsonHash(config.partnerSecrets.pearsonVue, fields) };
    },

    /**
     * Creates or updates the exam-delivery candidate from the exam form: the body becomes a patch
     * of the profile, changed through identity with the exam form's rules (and its legal-name lock).
     */
    async saveCandidate(rules: RulesInForce, caller: Caller, body: Record<string, unknown> & { id: string }) {
      const row = await identity.ownProfile(caller, body.id);
      const account = await identity.accountFacts(row.account_id);
      if (account.isBlocked || row.document.isBlocked) throw forbidden('Exam registration is suspended for this account.');
      const examFields = rules.validators.fields(EXAM_FORM);
      const view = candidateView(body, account.email);
      if (row.document.isMinor !== undefined) view.isMinor = row.document.isMinor;
      const before = toProfileView(row.document);
      const editable = Object.fromEntries(Object.entries(pickFields(view, examFields)).filter(([k]) => !PROTECTED_FIELDS.includes(k)));
      const patch = buildProfilePatch(row.document, before, { ...before, ...editable });
      const candidateId = row.document.externalIds?.pearsonVue ?? `${randomInt(100_000_000, 999_999_999)}`;
      const saved = await identity.updateProfileByForm(rules, 'exam', caller, row.id, patch, {
        ifMatch: identity.etagOf(row),
        action: 'pearson-candidate',
        assign: (document) => ({ externalIds: { ...(document.externalIds ?? {}), pearsonVue: candidateId } }),
      });
      await store.saveCandidate(db, row.account_id, candidateId, pickFields(toProfileView(saved.document), examFields));
      return saved;
    },
  };
}

export type VendorsService = ReturnType<typeof createVendorsService>;
