export const homeKeys = {
  all: ['home'] as const,
  entitlements: (profileId: string) => ['home', 'entitlements', profileId] as const,
  announcements: (language: string) => ['home', 'announcements', language] as const,
};
