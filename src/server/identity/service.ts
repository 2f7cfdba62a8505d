import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Operation } from 'fast-json-patch';
import { lockedFields, profileFlags } from '../../shared/profile/locks';
import { DERIVED_VIEW_FIELDS, pickFields, toProfileView, withDerivedFields, type StoredProfile } from '../../shared/profile/view';
import { LinkStatus, type LinkStatusName } from '../../shared/redemption';
import type { ServerConfig } from '../config';
import { hitRateLimit } from '../db/rate-limit';
import { conflict, forbidden, invalid, notFound, rateLimited, stale } from '../errors';
import type { Caller } from '../http/auth';
import type { SchemaRegistry } from '../http/schema-registry';
import type { Mailer } from '../mail/mailer';
import type { RulesInForce } from '../rules/service';
import { applyProfilePatch, patchPaths } from './profile-patch';
import { hashPassword, verifyPassword } from './passwords';
import * as store from './store';
import { consumeCode, issueCode } from './verification-codes';

export type { ProfileRow } from './store';
export { PROTECTED_FIELDS } from './profile-patch';

const SOCIAL = 'socialIdpAuthentication';
const PASSWORD_TRIES = 10;
const RESEND_TRIES = 5;
const WINDOW_MS = 15 * 60 * 1000;
const MAX_WRITE_ATTEMPTS = 5;
const DEFAULT_LANGUAGE = 'en';
const STORED_PROFILE = 'api/profile.schema.json';

/** The forms whose rules a profile change is checked with (schemas/forms/<form>.schema.json). */
export const PROFILE_FORMS = ['profile', 'exam', 'demographics'] as const;
export type ProfileForm = (typeof PROFILE_FORMS)[number];

export interface ProfileChangeOptions {
  /** The If-Match header: a stale ETag answers 412 and writes nothing. */
  ifMatch?: string | string[];
  /** The audit action; defaults to `patch-<form>`. */
  action?: string;
  /** Server-owned fields set with the change (never from the request), e.g. a partner id. */
  assign?: (document: StoredProfile) => Partial<StoredProfile>;
}

export const etagOf = (row: Pick<store.ProfileRow, 'id' | 'version'>): string => `"${row.id}.${row.version}"`;

/** The profile as the services answer it: the document with its ids and derived items. */
export const profileResponse = (row: store.ProfileRow): StoredProfile => withDerivedFields({ ...row.document, id: row.id, ssoId: row.account_id });

function checkIfMatch(row: store.ProfileRow, ifMatch: string | string[] | undefined): void {
  if (ifMatch === undefined) return;
  const tags = (Array.isArray(ifMatch) ? ifMatch.join(',') : ifMatch).split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (!tags.includes('*') && !tags.includes(etagOf(row))) throw stale();
}

/** Stored fields a patch may reach for a form: its own fields, with the derived items mapped back. */
export function patchableFields(formFields: readonly string[]): Set<string> {
  const fields = new Set(formFields.filter((f) => !(DERIVED_VIEW_FIELDS as readonly string[]).includes(f)));
  if (formFields.includes('primaryAddress')) fields.add('addresses');
  if (['primaryPhoneNumber', 'secondaryPhoneNumber', 'mobilePhoneNumber'].some((f) => formFields.includes(f))) fields.add('phoneNumbers');
  return fields;
}

export interface IdentityDeps {
  db: store.Db;
  /** The base files: the stored profile's shape (api/), which no rules version changes. */
  schemas: SchemaRegistry;
  mailer: Mailer;
  config: Pick<ServerConfig, 'linkAttemptLimit' | 'linkAttemptWindowMs'>;
  /** Whether a tag is a live language of the texts service (a learner's chosen language must be). */
  isLiveLanguage?: (tag: string) => boolean;
}

// Every write a form makes is validated with the field rules in force for its request (`rules`: the
// published version when the request arrived, rules/service.ts), which its answer names.
export function createIdentityService({ db, schemas, mailer, config, isLiveLanguage = () => false }: IdentityDeps) {
  const formFile = (form: ProfileForm) => `forms/${form}.schema.json`;

  async function limit(key: string, tries: number, windowMs = WINDOW_MS) {
    const result = await hitRateLimit(db, key, tries, windowMs);
    if (!result.allowed) throw rateLimited(result.retryAfterMs);
  }

  async function ownAccount(caller: Caller, id: string) {
    await assertOwnIds(caller, id);
    const account = await store.findAccount(db, caller.accountId);
    if (!account) throw notFound('Account not found.');
    return account;
  }

  /** Social-login accounts keep their email and password with the social provider. */
  function refuseSocial(account: { authentication_source: string }) {
    if (account.authentication_source === SOCIAL) throw forbidden('Email and password are managed by the social sign-in provider.');
  }

  async function checkPassword(accountId: string, passwordHash: string | null, password: string) {
    await limit(`password:${accountId}`, PASSWORD_TRIES);
    if (!(await verifyPassword(passwordHash, password))) throw invalid([{ path: '/currentPassword', key: 'Validation.IncorrectPassword' }]);
  }

  /**
   * The languages an account's e-mails are looked for in, by preference: the language the learner
   * chose in the portal (the account's `locale`), then the profile's preferred language. The mailer
   * takes the first live one, or its fallback (texts/server-texts.ts).
   */
  const language = (profile: store.ProfileRow | undefined, chosen: string | null): string[] =>
    [chosen, profile?.document.preferences?.language as string | undefined].filter((tag): tag is string => typeof tag === 'string' && tag !== '');

  /**
   * An account reaches only its own data: every id named in a path or body must be the caller's
   * account id or the caller's profile id. Anything else is 403.
   */
  async function assertOwnIds(caller: Caller, ...ids: Array<string | undefined>): Promise<void> {
    let profileId: string | null | undefined;
    for (const id of ids) {
      if (id === undefined || id === caller.accountId) continue;
      profileId ??= (await store.findProfileByAccount(db, caller.accountId))?.id ?? null;
      if (id !== profileId) throw forbidden();
    }
  }

  /** The caller's profile, named by its id or the account's id; 403 for anyone else's, null when none yet. */
  async function ownProfileIfAny(caller: Caller, id: string): Promise<store.ProfileRow | null> {
    await assertOwnIds(caller, id);
    return (await store.findProfileByAccount(db, caller.accountId)) ?? null;
  }

  /** The caller's profile, named by its id or the account's id; 403 for anyone else's, 404 when none. */
  async function ownProfile(caller: Caller, id: string): Promise<store.ProfileRow> {
    const row = await ownProfileIfAny(caller, id);
    if (!row) throw notFound('Profile not found.');
    return row;
  }

  /** The stored document as a whole: no unknown property at any depth, every list and string bounded. */
  function checkStoredShape(row: store.ProfileRow, document: StoredProfile) {
    const errors = schemas.validate(STORED_PROFILE, profileResponse({ ...row, document }));
    if (errors) throw invalid(errors);
  }

  /**
   * The one way a profile changes from a form: the patch is applied to the stored document, the
   * result is checked with the form's rules (as the form view) and as a whole stored document, and
   * written only if nobody wrote in between (else it starts over on the newer copy). Fields the
   * form's ui file locks (schemas/ui/<form>.ui.json `x-behaviours.locks`) cannot change. An empty patch writes
   * nothing.
   */
  async function updateProfileByForm(rules: RulesInForce, form: ProfileForm, caller: Caller, id: string, patch: unknown, options: ProfileChangeOptions = {}) {
    const forms = rules.validators;
    const fields = forms.fields(formFile(form));
    const allowed = patchableFields(fields);
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
      // One read both finds the profile and proves it is the caller's own (assertOwnIds would
      // spend a second statement on the same question): anyone else's, or none, is 403.
      const row = await store.findProfileByIdOrAccount(db, id);
      if (!row || row.account_id !== caller.accountId) throw forbidden();
      checkIfMatch(row, options.ifMatch);
      const operations = Array.isArray(patch) ? (patch as Operation[]) : patch;
      if (Array.isArray(operations) && operations.length === 0 && !options.assign) return row;
      const locked = lockedFields(forms.ui(form), profileFlags(row.document));
      let next = applyProfilePatch(row.document, operations, allowed, locked);
      const errors = forms.validate(formFile(form), pickFields(toProfileView(next), fields));
      if (errors) throw invalid(errors);
      if (options.assign) next = { ...next, ...options.assign(next) };
      checkStoredShape(row, next);
      const paths = [...patchPaths(operations as Operation[]), ...Object.keys(options.assign?.(next) ?? {}).map((k) => `/${k}`)];
      const written = await store.writeProfile(db, row, next, { actorId: caller.accountId, action: options.action ?? `patch-${form}`, paths });
      if (written) return written;
    }
    throw stale('The profile is changing too often; try again.');
  }

  /**
   * The profile of an account that has none, from the profile form's patch: applied to a new profile
   * that holds the account's e-mail address (and its language, audience and flags), checked with the
   * form's rules and as a whole stored document, and written once (409 when one exists already).
   */
  async function createProfile(rules: RulesInForce, caller: Caller, accountId: string, patch: unknown) {
    await assertOwnIds(caller, accountId);
    const account = await store.findAccount(db, caller.accountId);
    if (!account) throw notFound('Account not found.');
    if (await store.findProfileByAccount(db, account.id)) throw conflict('This account has a profile already.');
    const base: StoredProfile = {
      email: account.email,
      preferences: { language: account.locale ?? DEFAULT_LANGUAGE },
      addresses: [],
      phoneNumbers: [],
      externalIds: {},
      audience: 'B2C',
      isBlocked: account.is_blocked,
      isMinor: false,
      authenticationSource: account.authentication_source,
    };
    const fields = rules.validators.fields(formFile('profile'));
    const document = applyProfilePatch(base, patch, patchableFields(fields));
    const errors = rules.validators.validate(formFile('profile'), pickFields(toProfileView(document), fields));
    if (errors) throw invalid(errors);
    const id = randomUUID();
    const stored = { ...document, ssoId: account.id };
    checkStoredShape({ id, account_id: account.id, document: stored, version: 1 }, stored);
    const created = await store.createProfile(db, id, account.id, stored, {
      actorId: caller.accountId,
      action: 'create-profile',
      paths: patchPaths(patch as Operation[]),
    });
    if (!created) throw conflict('This account has a profile already.');
    return created;
  }

  /** A change only the services make (email, partner ids): written when the version is unchanged. */
  async function setServerFields(row: store.ProfileRow, fields: Partial<StoredProfile>, actorId: string, action: string) {
    const document = { ...row.document, ...fields };
    checkStoredShape(row, document);
    const written = await store.writeProfile(db, row, document, { actorId, action, paths: Object.keys(fields).map((k) => `/${k}`) });
    if (!written) throw stale();
    return written;
  }

  return {
    assertOwnIds,
    ownProfile,
    ownProfileIfAny,
    updateProfileByForm,
    createProfile,
    profileResponse,
    etagOf,

    /** The profile of an account, if any (for the other services' own checks). */
    findProfileOfAccount: (accountId: string) => store.findProfileByAccount(db, accountId),

    async sendEmailCode(rules: RulesInForce, caller: Caller, id: string, body: { currentPassword: string; email: string }) {
      const account = await ownAccount(caller, id);
      refuseSocial(account);
      const profile = await store.findProfileByAccount(db, account.id);
      const email = body.email.trim().toLowerCase();
      const errors = rules.validators.validate('forms/email.schema.json', {
        currentEmail: account.email,
        ...(profile?.document.alternateEmail ? { alternateEmail: profile.document.alternateEmail } : {}),
        email,
        currentPassword: body.currentPassword,
      });
      if (errors) throw invalid(errors);
      await checkPassword(account.id, account.password_hash, body.currentPassword);
      if (await store.emailTaken(db, email, account.id)) throw invalid([{ path: '/email', key: 'Validation.EmailInUse' }]);
      await issueCode(db, mailer, account.id, email, language(profile, account.locale));
    },

    /**
     * The language the learner chose in the portal's language menu, kept with the account (null: none).
     * Only a live language may be chosen; a language taken down later stays chosen, and its learner
     * sees its fallback until it is live again.
     */
    async setLanguage(caller: Caller, id: string, tag: string | null) {
      const account = await ownAccount(caller, id);
      if (tag !== null && !isLiveLanguage(tag)) throw invalid([{ path: '/language', key: 'Validation.InvalidLanguage' }]);
      await store.setAccountLocale(db, account.id, tag);
    },

    async resendEmailCode(caller: Caller, id: string) {
      const account = await ownAccount(caller, id);
      refuseSocial(account);
      const pending = await store.findVerificationCode(db, account.id);
      if (!pending) throw conflict('No email change is in progress.');
      await limit(`resend:${account.id}`, RESEND_TRIES);
      const profile = await store.findProfileByAccount(db, account.id);
      await issueCode(db, mailer, account.id, pending.newEmail, language(profile, account.locale));
    },

    async changeEmail(caller: Caller, id: string, verificationCode: string) {
      const account = await ownAccount(caller, id);
      refuseSocial(account);
      const email = await consumeCode(db, account.id, verificationCode);
      if (await store.emailTaken(db, email, account.id)) throw invalid([{ path: '/email', key: 'Validation.EmailInUse' }]);
      await store.setAccountEmail(db, account.id, email);
      const profile = await store.findProfileByAccount(db, account.id);
      if (profile) await setServerFields(profile, { email }, account.id, 'change-email');
    },

    async setPassword(rules: RulesInForce, caller: Caller, id: string, body: { currentPassword: string; newPassword: string; email?: string }) {
      const account = await ownAccount(caller, id);
      refuseSocial(account);
      if (body.email && body.email.trim().toLowerCase() !== account.email) throw forbidden('The email is not this account’s.');
      const errors = rules.validators.validate('forms/password.schema.json', {
        currentPassword: body.currentPassword,
        newPassword: body.newPassword,
        confirmPassword: body.newPassword,
      });
      if (errors) throw invalid(errors);
      await checkPassword(account.id, account.password_hash, body.currentPassword);
      await store.setAccountPassword(db, account.id, await hashPassword(body.newPassword));
    },

    async legacyAccountExists(caller: Caller, email: string): Promise<boolean> {
      await limit(`legacy-lookup:${caller.accountId}`, config.linkAttemptLimit * 3, config.linkAttemptWindowMs);
      return !!(await store.findUnlinkedLegacyByEmail(db, email.trim().toLowerCase()));
    },

    async linkCertMaster(caller: Caller, id: string, body: { login: string; phash: string }): Promise<LinkStatusName> {
      const account = await ownAccount(caller, id);
      await limit(`link:${account.id}`, config.linkAttemptLimit, config.linkAttemptWindowMs);
      const legacy = await store.findLegacyByLogin(db, body.login.trim().toLowerCase());
      if (!legacy) return LinkStatus.NotFound;
      const given = Buffer.from(body.phash.toLowerCase());
      const expected = Buffer.from(legacy.phash.toLowerCase());
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return LinkStatus.LoginFailed;
      if (legacy.linked_account_id) return LinkStatus.AlreadyLinked;
      const profile = await store.findProfileByAccount(db, account.id);
      if (profile?.document.externalIds?.certMaster) return LinkStatus.AlreadyLinked;
      if (!(await store.linkLegacy(db, legacy.login, account.id))) return LinkStatus.AlreadyLinked;
      if (profile) {
        const externalIds = { ...(profile.document.externalIds ?? {}), certMaster: legacy.certmaster_user_id };
        await setServerFields(profile, { externalIds }, account.id, 'link-certmaster');
      }
      return LinkStatus.Success;
    },

    async cmpRole(caller: Caller, id: string) {
      const row = await ownProfile(caller, id);
      const role = await store.findCmpRole(db, row.account_id);
      return { role: (role?.role ?? 'none') as 'none', campusId: role?.campus_id ?? null };
    },

    /** Makes sure the profile has a CertMaster platform account, creating one when absent. */
    async ensureCmpProfile(caller: Caller, id: string) {
      const row = await ownProfile(caller, id);
      const existing = row.document.externalIds?.certMaster;
      if (existing) return { certMasterId: existing, created: false };
      const certMasterId = `cm-${randomInt(10_000_000, 99_999_999)}`;
      await setServerFields(row, { externalIds: { ...(row.document.externalIds ?? {}), certMaster: certMasterId } }, caller.accountId, 'cmp-profile');
      return { certMasterId, created: true };
    },

    /** Announcements in a language, English when there are none in it. */
    async announcements(languageTag: string | undefined) {
      const wanted = (languageTag ?? DEFAULT_LANGUAGE).toLowerCase().split(/[-_]/)[0] || DEFAULT_LANGUAGE;
      const rows = await store.listAnnouncements(db, wanted);
      return rows.length > 0 || wanted === DEFAULT_LANGUAGE ? rows : store.listAnnouncements(db, DEFAULT_LANGUAGE);
    },

    /** E-mail addresses by account id: who made, approved and published a rules version. */
    accountEmails: (ids: readonly string[]) => store.accountEmails(db, ids),
    /** The accounts holding an admin role, for the services' notices (the watch's e-mail to product owners). */
    accountsWithRole: (role: 'product-owner' | 'localisation') => store.accountsWithRole(db, role),

    /**
     * Stored profiles in batches, for the rules service's impact check (never all at once). The
     * documents are JSON text; their values are shown only to a product owner, never logged.
     */
    storedProfileBatch: (afterId: string, limit: number, fields?: readonly string[]) => store.profileBatch(db, afterId, limit, fields),

    /** For the partner services: the account's own email and block flag. */
    async accountFacts(accountId: string) {
      const account = await store.findAccount(db, accountId);
      if (!account) throw notFound('Account not found.');
      return { email: account.email, isBlocked: account.is_blocked, name: [account.given_name, account.family_name].filter(Boolean).join(' ') };
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
