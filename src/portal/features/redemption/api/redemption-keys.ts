/** The redemption feature's one key factory: the mutation keys of its calls (React Query devtools and isMutating). */
export const redemptionKeys = {
  all: ['redemption'] as const,
  flow: (accountId: string) => ['redemption', 'flow', accountId] as const,
};
