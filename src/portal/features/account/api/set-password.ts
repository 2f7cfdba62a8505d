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
  request<unknown>('identity', `/api/accounts/${encodeURIComponent(accountId)}/set-password`, { method: 'POST', body });

export function useSetPassword() {
  const accountId = useAccountId();
  return useMutation({
    mutationKey: accountKeys.setPassword(accountId),
    mutationFn: (body: SetPasswordBody) => setPassword(accountId, body),
  });
}
