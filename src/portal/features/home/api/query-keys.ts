export const homeKeys = {
  all: ['home'] as const,
  announcements: (language: string) => ['home', 'announcements', language] as const,
};
