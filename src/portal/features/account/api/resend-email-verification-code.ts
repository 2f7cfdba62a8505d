import { useMutation } from '@tanstack/react-query';
import { request } from '../../../clients/client';
import { useAccountId } from '../../../clients/session';
import { accountKeys } from './mutation-keys';

export const resendEmailVerificationCode = (accountId: string) =>
  request('identity', 'POST', '/api/accounts/{id}/resend-email-verification-code', { path: { id: accountId }, body: {} });

export function useResendEmailVerificationCode() {
  const accountId = useAccountId();
  return useMutation({
    mutationKey: accountKeys.resendEmailVerificationCode(accountId),
    mutationFn: () => resendEmailVerificationCode(accountId),
  });
}
