import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePortalConfig } from '../../clients/config';
import { useProfile } from '../../clients/profile';
import { PageFrame } from '../../ui/page/page-frame';
import { EntrySection } from './components/entry-section';
import { entryLinks } from './entry-links';
import './explore.css';

export interface ExplorePageProps {
  /** The learner's active products with their launch buttons (training and launch features), placed by the app. */
  products?: (profileId: string | undefined) => ReactNode;
  /** The redeem button (redemption feature). */
  redeem?: ReactNode;
  /** Schedule Exam and Manage Exams (launch feature). */
  examActions?: ReactNode;
}

/**
 * The explore launchpad: everything the learner can open from the portal in one place, their
 * training products and the partners' entry points (exams, certification tracking, help, store).
 */
export default function ExplorePage({ products, redeem, examActions }: ExplorePageProps) {
  const { t } = useTranslation('explore');
  const config = usePortalConfig();
  const { profile } = useProfile();
  const links = entryLinks(config);
  return (
    <PageFrame name="explore" title={t('Title')} intro={t('Lead')}>
      <div className="explore__grid">
        <EntrySection title={t('Training.Title')} text={t(products ? 'Training.Text' : 'Training.ComingSoon')}>
          {redeem ? <div className="explore-section__actions">{redeem}</div> : null}
          {products?.(profile?.id)}
        </EntrySection>
        <div className="explore__side">
          {config.flags.pearson ? (
            <EntrySection title={t('Exams.Title')} text={t('Exams.Text')}>
              {examActions}
            </EntrySection>
          ) : null}
          <EntrySection title={t('Certification.Title')} text={t('Certification.Text')} links={links.certification} />
          <EntrySection title={t('Help.Title')} text={t('Help.Text')} links={links.help} />
          {links.store.length > 0 ? <EntrySection title={t('Store.Title')} text={t('Store.Text')} links={links.store} /> : null}
        </div>
      </div>
    </PageFrame>
  );
}
