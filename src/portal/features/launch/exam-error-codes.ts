import { EXAM_ERROR_CODES, type ExamErrorCode } from '../../../shared/partners';

export { EXAM_ERROR_CODES, type ExamErrorCode };

/** The exam-delivery partner's code of a return to the portal (docs/behaviour.md#errors); anything else reads as ERROR. */
export function examErrorCode(value: string | null | undefined): ExamErrorCode {
  return (EXAM_ERROR_CODES as readonly string[]).includes(value ?? '') ? (value as ExamErrorCode) : 'ERROR';
}
