/** Every mutation key of the account feature (login credentials). */
export const accountKeys = {
  all: ['account'] as const,
  sendEmailVerificationCode: (accountId: string) => ['account', accountId, 'send-email-verification-code'] as const,
  resendEmailVerificationCode: (accountId: string) => ['account', accountId, 'resend-email-verification-code'] as const,
  changeEmail: (accountId: string) => ['account', accountId, 'change-email'] as const,
  setPassword: (accountId: string) => ['account', accountId, 'set-password'] as const,
};
