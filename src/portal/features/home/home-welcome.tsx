import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Skeleton } from '../../ui/skeleton/skeleton';

interface HomeWelcomeProps {
  /** The name the heading greets; while undefined the heading is a placeholder line. */
  name: string | undefined;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The home page's welcome: the greeting (it names the learner, so it waits for the profile) and the lead. */
export function HomeWelcome({ name, headingRef }: HomeWelcomeProps) {
  const { t } = useTranslation('home');
  return (
    <header className="home__welcome">
      {name === undefined ? (
        <Skeleton lines={1} />
      ) : (
        <h1 ref={headingRef} tabIndex={-1}>
          {t('Welcome.Heading', { name })}
        </h1>
      )}
      <p className="home__lead">
        {t('Welcome.Lead')}{' '}
        <Link to="/explore" className="home__explore">
          {t('Welcome.Explore')}
        </Link>
      </p>
    </header>
  );
}

/** What paints for the home page while the session and the page load (routes.tsx). */
export function HomeFrame() {
  return (
    <div className="page home">
      <HomeWelcome name={undefined} />
    </div>
  );
}
