import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { usePageTitle } from '../page-kit/page-title.ts';

function UnexpectedErrorPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.unexpected'));
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">{t('errors.unexpected')}</h1>
        <p className="govuk-body">{t('errors.unexpectedHint')}</p>
        <p className="govuk-body">
          {/* A full load, not a route change: the failure may be a stale or missing chunk. */}
          <a className="govuk-link" href="/">
            {t('errors.tryStartAgain')}
          </a>
        </p>
      </div>
    </div>
  );
}

interface Props {
  children: ReactNode;
}

/**
 * Catches a failure while routing or rendering a page (for example a page chunk that does not
 * load) and shows "Unexpected Application Error!" inside the shared frame. Keyed by path in the
 * router so that navigating elsewhere tries again.
 */
export class RouterErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <UnexpectedErrorPage /> : this.props.children;
  }
}
