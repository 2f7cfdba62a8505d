import type { Resource } from 'i18next';

// Every file under locales/<lang>/ is one namespace named after the file, as the app loads them.
const files = import.meta.glob<Record<string, unknown>>('../../../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const LANGUAGES = ['en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

export function loadLocaleResources(): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang, ns] = match as unknown as [string, string, string];
    resources[lang] = { ...resources[lang], [ns]: content };
  }
  return resources;
}
