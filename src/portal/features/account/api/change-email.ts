import { useMutation } from '@tanstack/react-query';
import { request } from '../../../clients/client';
import { useAccountId } from '../../../clients/session';
import { accountKeys } from './mutation-keys';

export const changeEmail = (accountId: string, verificationCode: string) =>
  request('identity', 'POST', '/api/accounts/{id}/change-email', { path: { id: accountId }, body: { verificationCode } });

export function useChangeEmail() {
  const accountId = useAccountId();
  return useMutation({
    mutationKey: accountKeys.changeEmail(accountId),
    mutationFn: (verificationCode: string) => changeEmail(accountId, verificationCode),
  });
}
