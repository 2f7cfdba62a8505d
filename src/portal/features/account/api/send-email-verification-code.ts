import { useMutation } from '@tanstack/react-query';
import { request } from '../../../clients/client';
import { useAccountId } from '../../../clients/session';
import { accountKeys } from './mutation-keys';

export interface SendEmailVerificationCodeBody {
  currentPassword: string;
  email: string;
}

export const sendEmailVerificationCode = (accountId: string, body: SendEmailVerificationCodeBody) =>
  request('identity', 'POST', '/api/accounts/{id}/send-email-verification-code', { path: { id: accountId }, body });

export function useSendEmailVerificationCode() {
  const accountId = useAccountId();
  return useMutation({
    mutationKey: accountKeys.sendEmailVerificationCode(accountId),
    mutationFn: (body: SendEmailVerificationCodeBody) => sendEmailVerificationCode(accountId, body),
  });
}
