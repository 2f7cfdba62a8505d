import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { configLink, usePortalConfig } from '../../../clients/config';
import { SmartLink } from '../../../ui/links/smart-link';
import { examErrorCode } from '../exam-error-codes';

/** Where the exam-delivery partner sends the learner back with an error code (docs/behaviour.md#errors). */
export default function ExamErrorPage() {
  const { t } = useTranslation('launch');
  const [params] = useSearchParams();
  const code = examErrorCode(params.get('errorCode'));
  const support = configLink(usePortalConfig(), 'examsSupport');
  return (
    <div className="page exam-error" data-error-code={code}>
      <h1>{t('ExamError.Title')}</h1>
      <p className="exam-error__message">{t(`ExamError.Codes.${code}`)}</p>
      {code === 'ERROR_VUE_WIDE_BLOCK' && support ? (
        <p>
          <SmartLink href={support}>{t('ExamError.CustomerService')}</SmartLink>
        </p>
      ) : null}
      <p className="exam-error__code">{t('ExamError.Reference', { code })}</p>
      <Link to="/" className="button button--primary">
        {t('ExamError.GoHome')}
      </Link>
    </div>
  );
}
