import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePortalConfig } from '../../../clients/config';
import { useProfile } from '../../../clients/profile';
import { resolveReturnTo } from '../../../ui/links/return-to';
import { Skeleton } from '../../../ui/skeleton/skeleton';
import { CERTMASTER_TARGETS, type CertMasterTarget, isLaunchVendor, type SsoOptions } from '../launch-plan';
import { useLaunch } from '../use-launch';
import { hasVendorLink } from '../vendor-links';

/**
 * /login (docs/behaviour.md#screens-and-routes): with redirectUrl, a full-page redirect (to the portal itself or a host on
 * the redirect whitelist; anything else goes to /). Otherwise the named vendor is launched; an
 * unknown vendor, or one the learner has no link to, goes to /.
 */
export default function LoginRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const config = usePortalConfig();
  const { profile, isPending } = useProfile();
  const { launch } = useLaunch();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    const redirectUrl = params.get('redirectUrl');
    if (redirectUrl !== null) {
      started.current = true;
      const target = resolveReturnTo(redirectUrl, config.redirectWhitelist, window.location.origin);
      if (target.startsWith('/')) void navigate(target, { replace: true });
      else window.location.replace(target);
      return;
    }
    if (isPending) return;
    started.current = true;
    const vendor = params.get('redirectVendor');
    if (!isLaunchVendor(vendor) || !hasVendorLink(vendor, profile)) {
      void navigate('/', { replace: true });
      return;
    }
    const target = params.get('target');
    const options: SsoOptions = {};
    if (target && (CERTMASTER_TARGETS as readonly string[]).includes(target)) options.target = target as CertMasterTarget;
    for (const name of ['classroom', 'productCode', 'version', 'pearsonAction', 'certMasterAction'] as const) {
      const value = params.get(name);
      if (value) options[name] = value;
    }
    const returnUrl = params.get('returnUrl');
    if (returnUrl) options.returnUrl = resolveReturnTo(returnUrl, config.redirectWhitelist, window.location.origin);
    void launch(vendor, options, { sameWindow: true }).then((ok) => {
      // A launch leaves the page; when it could not start, the learner goes home (with the toast).
      if (!ok) void navigate('/', { replace: true });
    });
  }, [params, navigate, config.redirectWhitelist, isPending, profile, launch]);

  return <Skeleton lines={2} />;
}
