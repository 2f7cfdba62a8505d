/** The exam-delivery partner's error codes (spec section 8); anything else reads as ERROR. */
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

export function examErrorCode(value: string | null | undefined): ExamErrorCode {
  return (EXAM_ERROR_CODES as readonly string[]).includes(value ?? '') ? (value as ExamErrorCode) : 'ERROR';
}
