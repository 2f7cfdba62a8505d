import { Component, type ReactNode } from 'react';
import { withTranslation, type WithTranslation } from 'react-i18next';

interface Props extends WithTranslation<['portal']> {
  /** The page's path: moving to another page tries again. */
  path: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** A page whose code could not be loaded (or that failed to render): a message and a way to reload. */
class PageErrorBoundaryBase extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('[page]', error);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.path !== this.props.path) this.setState({ failed: false });
  }

  override render() {
    const { t, children } = this.props;
    if (!this.state.failed) return children;
    return (
      <div className="page boot-error">
        <h1>{t('portal:PageError.Title')}</h1>
        <p>{t('portal:Toast.Error.Default')}</p>
        <a className="button button--primary" href={window.location.href}>
          {t('portal:Boot.Retry')}
        </a>
      </div>
    );
  }
}

export const PageErrorBoundary = withTranslation(['portal'])(PageErrorBoundaryBase);
