// What the services and the partner sandbox (two programs) must agree on: the secrets each partner
// shares with the services, the code the exam-delivery partner knows the portal by, and that
// partner's error codes (docs/behaviour.md#errors).

import { VENDORS, type Vendor } from './vendors';

/** The vendors that share a secret with the services (shared/vendors.ts `secret`). */
export type VendorWithSecret = { [V in Vendor]: (typeof VENDORS)[V] extends { secret: string } ? V : never }[Vendor];

export type PartnerSecrets = Record<VendorWithSecret, string>;

/**
 * The local development secrets, by the variable that replaces each: the services and the sandbox
 * both fall back to them, and the services refuse them in production (src/server/config.ts).
 */
export const DEMO_PARTNER_SECRETS = {
  CERTMETRICS_SECRET: 'local-certmetrics-secret',
  PEARSON_SECRET: 'local-pearson-secret',
  ZENDESK_SECRET: 'local-zendesk-secret',
  SKILLABLE_SECRET: 'local-skillable-secret',
} as const;

export type PartnerSecretVariable = keyof typeof DEMO_PARTNER_SECRETS;

/** The partner secrets and the exam-delivery client code, from the environment (local defaults; empty counts as unset). */
export function partnerSettings(env: Record<string, string | undefined>): { secrets: PartnerSecrets; pearsonClientCode: string } {
  const secret = (name: PartnerSecretVariable) => env[name]?.trim() || DEMO_PARTNER_SECRETS[name];
  const secrets = Object.fromEntries(
    Object.entries(VENDORS).flatMap(([vendor, facts]) => ('secret' in facts ? [[vendor, secret(facts.secret)]] : [])),
  ) as PartnerSecrets;
  return { secrets, pearsonClientCode: env.PEARSON_CLIENT_CODE?.trim() || 'CERTPORTAL' };
}

/** The exam-delivery partner's error codes, sent back to the portal's error URL as `errorCode`. */
export const EXAM_ERROR_CODES = [
  'ERROR',
  'ERROR_CANDIDATE_NOT_FOUND',
  'ERROR_CLIENT_NOT_SUPPORTED',
  'ERROR_INVALID_PAYLOAD',
  'ERROR_MISSING_REQUIRED_PARAMETERS',
  'ERROR_REGISTRATION_NOT_FOUND',
  'ERROR_SESSION_TIMEOUT',
  'ERROR_TEMPORARY',
  'ERROR_VUE_WIDE_BLOCK',
] as const;

export type ExamErrorCode = (typeof EXAM_ERROR_CODES)[number];
