import { useMutation } from '@tanstack/react-query';
import { request } from '../../../clients/client';
import { useAccountId } from '../../../clients/session';
import { accountKeys } from './mutation-keys';

export const resendEmailVerificationCode = (accountId: string) =>
  request<unknown>('identity', `/api/accounts/${encodeURIComponent(accountId)}/resend-email-verification-code`, {
    method: 'POST',
    body: {},
  });

export function useResendEmailVerificationCode() {
  const accountId = useAccountId();
  return useMutation({
    mutationKey: accountKeys.resendEmailVerificationCode(accountId),
    mutationFn: () => resendEmailVerificationCode(accountId),
  });
}
