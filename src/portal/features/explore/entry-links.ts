import { configLink, type PortalConfig } from '../../clients/config';
import type { EntryLink } from './components/entry-section';

// The partner entry points of the launchpad, by the names of config.links (the same addresses the
// header's menus use). The help centre is always /help, the portal's own route that signs the learner
// in to the support desk (spec section 2).
const CERTIFICATION = [
  ['Certification.Certifications', 'certification.home'],
  ['Certification.ContinuingEducation', 'certification.continuingEducation'],
  ['Certification.Verify', 'certification.verify'],
] as const;
const HELP = [
  ['Help.ContactSupport', 'contactSupport'],
  ['Help.Community', 'community'],
] as const;

const present = (entries: readonly (readonly [string, string])[], config: Pick<PortalConfig, 'links'>): EntryLink[] =>
  entries.flatMap(([labelKey, path]) => {
    const href = configLink(config, path);
    return href ? [{ labelKey, href }] : [];
  });

export function entryLinks(config: Pick<PortalConfig, 'links'>) {
  return {
    certification: present(CERTIFICATION, config),
    help: [{ labelKey: 'Help.HelpCenter', href: '/help' }, ...present(HELP, config)],
    store: present([['Store.Open', 'store']], config),
  };
}
