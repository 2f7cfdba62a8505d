import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { isCertificationSection } from '../frame-protocol';

/**
 * The certification routes' own content: a heading for the page. What the learner sees is the
 * partner's frame, which the shell keeps alive across routes and shows here.
 */
export default function CertificationPage() {
  const { t } = useTranslation('certification');
  const section = useParams()['*'];
  return <h1 className="visually-hidden">{t(`Sections.${isCertificationSection(section) ? section : 'certifications'}`)}</h1>;
}
