import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { usePortalConfig } from '../../clients/config';
import { resolveReturnTo } from './return-to';
import { SmartLink } from './smart-link';

/** The return / go-back link of pages other than home, honouring a whitelisted returnto. */
export function ReturnLink({ children, className }: { children?: ReactNode; className?: string }) {
  const { t } = useTranslation('portal');
  const [params] = useSearchParams();
  const { redirectWhitelist } = usePortalConfig();
  const href = resolveReturnTo(params.get('returnto'), redirectWhitelist, window.location.origin);
  return (
    <SmartLink href={href} className={className ?? 'return-link'}>
      {children ?? t('Return.Back')}
    </SmartLink>
  );
}
