import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useProfile } from '../../../clients/profile';
import { Skeleton } from '../../../ui/skeleton/skeleton';
import { useLaunch } from '../use-launch';

/**
 * /help (docs/behaviour.md#screens-and-routes): launches the support desk signed in as the learner, with the optional
 * `returnto` handed over as return_to (the support desk follows only its own pages). On failure: the
 * generic toast and /.
 */
export default function HelpRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { isPending } = useProfile();
  const { launch } = useLaunch();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || isPending) return;
    started.current = true;
    const returnTo = params.get('returnto');
    void launch('zendesk', returnTo ? { returnUrl: returnTo } : {}, { sameWindow: true }).then((ok) => {
      if (!ok) void navigate('/', { replace: true });
    });
  }, [params, navigate, isPending, launch]);
  return <Skeleton lines={2} />;
}
