import { useMutation } from '@tanstack/react-query';
import { request } from '../../../clients/client';
import { useAccountId } from '../../../clients/session';
import { accountKeys } from './mutation-keys';

export const changeEmail = (accountId: string, verificationCode: string) =>
  request<unknown>('identity', `/api/accounts/${encodeURIComponent(accountId)}/change-email`, {
    method: 'POST',
    body: { verificationCode },
  });

export function useChangeEmail() {
  const accountId = useAccountId();
  return useMutation({
    mutationKey: accountKeys.changeEmail(accountId),
    mutationFn: (verificationCode: string) => changeEmail(accountId, verificationCode),
  });
}
