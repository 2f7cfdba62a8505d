// What the services and the partner sandbox (two programs) must agree on: the secrets each partner
// shares with the services, the code the exam-delivery partner knows the portal by, and that
// partner's error codes (spec section 8).

export interface PartnerSecrets {
  certMetrics: string;
  pearsonVue: string;
  zendesk: string;
  skillable: string;
}

/** The partner secrets and the exam-delivery client code, from the environment (local defaults). */
export function partnerSettings(env: Record<string, string | undefined>): { secrets: PartnerSecrets; pearsonClientCode: string } {
  return {
    secrets: {
      certMetrics: env.CERTMETRICS_SECRET ?? 'local-certmetrics-secret',
      pearsonVue: env.PEARSON_SECRET ?? 'local-pearson-secret',
      zendesk: env.ZENDESK_SECRET ?? 'local-zendesk-secret',
      skillable: env.SKILLABLE_SECRET ?? 'local-skillable-secret',
    },
    pearsonClientCode: env.PEARSON_CLIENT_CODE ?? 'CERTPORTAL',
  };
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
