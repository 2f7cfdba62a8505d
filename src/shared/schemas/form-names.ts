/** Every form the schemas define (schemas/forms/<name>.schema.json). */
export const FORM_NAMES = ['profile', 'exam', 'demographics', 'company-country', 'email', 'password', 'redeem', 'course-picker', 'address'] as const;
export type FormName = (typeof FORM_NAMES)[number];
