import { useMutation } from '@tanstack/react-query';
import { request } from '../../../clients/client';
import { useAccountId } from '../../../clients/session';
import { accountKeys } from './mutation-keys';

export interface SetPasswordBody {
  currentPassword: string;
  /** The account's current e-mail address. */
  email: string;
  newPassword: string;
}

export const setPassword = (accountId: string, body: SetPasswordBody) =>
  request('identity', 'POST', '/api/accounts/{id}/set-password', { path: { id: accountId }, body });

export function useSetPassword() {
  const accountId = useAccountId();
  return useMutation({
    mutationKey: accountKeys.setPassword(accountId),
    mutationFn: (body: SetPasswordBody) => setPassword(accountId, body),
  });
}
