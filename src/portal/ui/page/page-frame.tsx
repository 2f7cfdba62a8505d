import type { ReactNode } from 'react';
import { ReturnLink } from '../links/return-link';
import { Skeleton } from '../skeleton/skeleton';

// The frame every content page shares: the return link, the heading with its intro, and the line
// that stands for the content while it loads or when it failed. A page gives its texts and its
// state; the frame keeps the order (return link, heading, intro, state, content) and the classes.

interface PageLoadStateProps {
  /** While true, placeholder lines stand where the content will be. */
  pending?: boolean;
  skeletonLines?: number;
  /** The translated line shown, as an alert, when the content could not be loaded. */
  loadError?: string | false;
}

/** The placeholder while the content loads, or the alert when it failed; nothing otherwise. */
export function PageLoadState({ pending, skeletonLines = 4, loadError }: PageLoadStateProps) {
  if (loadError)
    return (
      <p className="page__error" role="alert">
        {loadError}
      </p>
    );
  return pending ? <Skeleton lines={skeletonLines} /> : null;
}

export interface PageFrameProps extends PageLoadStateProps {
  /** The page's block class: `account-page` gives the root `page account-page`. */
  name: string;
  /** The translated heading; without it, the page draws its own heading inside children. */
  title?: string;
  intro?: string;
  /** Controls beside the heading (a page's main action). */
  actions?: ReactNode;
  /** A "Return to ..." link when the page was opened from another site (returnto). */
  returnLink?: boolean;
  children?: ReactNode;
}

export function PageFrame({ name, title, intro, actions, returnLink, pending, skeletonLines, loadError, children }: PageFrameProps) {
  const heading = title === undefined ? null : <h1>{title}</h1>;
  return (
    <div className={`page ${name}`}>
      {returnLink && <ReturnLink />}
      {actions ? (
        <div className="page__head">
          {heading}
          <div className="page__actions">{actions}</div>
        </div>
      ) : (
        heading
      )}
      {intro && <p className="page__intro">{intro}</p>}
      <PageLoadState pending={pending} skeletonLines={skeletonLines} loadError={loadError} />
      {children}
    </div>
  );
}
