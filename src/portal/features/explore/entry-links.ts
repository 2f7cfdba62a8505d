import { configLink, type PortalConfig } from '../../clients/config';
import { CERTIFICATION_ROUTES } from '../../ui/links/certification-routes';
import type { EntryLink } from './components/entry-section';

// The partner entry points of the launchpad, by the names of config.links (the same addresses the
// header's menus use). The help centre is always /help, the portal's own route that signs the learner
// in to the support desk (docs/behaviour.md#screens-and-routes).
const CERTIFICATION = [
  ['Certification.Certifications', 'certification.home'],
  ['Certification.ContinuingEducation', 'certification.continuingEducation'],
  ['Certification.Verify', 'certification.verify'],
] as const;
const HELP = [
  ['Help.ContactSupport', 'contactSupport'],
  ['Help.Community', 'community'],
] as const;

const present = (entries: readonly (readonly [EntryLink['labelKey'], string])[], config: Pick<PortalConfig, 'links'>): EntryLink[] =>
  entries.flatMap(([labelKey, path]) => {
    const href = configLink(config, path);
    return href ? [{ labelKey, href }] : [];
  });

// With the certmetrics flag the certification tracker is the portal's own embedded routes.
const EMBEDDED_CERTIFICATION: EntryLink[] = [
  { labelKey: 'Certification.Certifications', href: CERTIFICATION_ROUTES.certifications },
  { labelKey: 'Certification.ContinuingEducation', href: CERTIFICATION_ROUTES.continuingEducation },
];

export function entryLinks(config: Pick<PortalConfig, 'links' | 'flags'>): Record<'certification' | 'help' | 'store', EntryLink[]> {
  return {
    certification: config.flags.certmetrics ? [...EMBEDDED_CERTIFICATION, ...present(CERTIFICATION.slice(2), config)] : present(CERTIFICATION, config),
    help: [{ labelKey: 'Help.HelpCenter', href: '/help' }, ...present(HELP, config)],
    store: present([['Store.Open', 'store']], config),
  };
}
