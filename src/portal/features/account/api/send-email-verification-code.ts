import { useMutation } from '@tanstack/react-query';
import { request } from '../../../clients/client';
import { useAccountId } from '../../../clients/session';
import { accountKeys } from './mutation-keys';

export interface SendEmailVerificationCodeBody {
  currentPassword: string;
  email: string;
}

export const sendEmailVerificationCode = (accountId: string, body: SendEmailVerificationCodeBody) =>
  request<unknown>('identity', `/api/accounts/${encodeURIComponent(accountId)}/send-email-verification-code`, {
    method: 'POST',
    body,
  });

export function useSendEmailVerificationCode() {
  const accountId = useAccountId();
  return useMutation({
    mutationKey: accountKeys.sendEmailVerificationCode(accountId),
    mutationFn: (body: SendEmailVerificationCodeBody) => sendEmailVerificationCode(accountId, body),
  });
}
