import { EuiButton, EuiCode, EuiEmptyPrompt, EuiText } from '@elastic/eui';
import { Component, useState, type ReactNode } from 'react';
import { sharedStrings } from './strings';

interface CatcherProps {
  fallback: (error: Error) => ReactNode;
  children: ReactNode;
}

/**
 * React catches render errors only in a class with `getDerivedStateFromError` (no hook does it),
 * so this is the app's one class: it catches, and leaves what to show to `fallback`.
 */
class RenderErrorCatcher extends Component<CatcherProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(thrown: unknown) {
    return { error: thrown instanceof Error ? thrown : new Error(String(thrown)) };
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/**
 * Keeps a render error in one tab from blanking the whole app: the tab shows what failed and a
 * button that starts it again (a fresh mount of its panel). The shell keys it by tab, so
 * switching tabs starts the next one clean too.
 */
export function TabErrorBoundary({
  tabLabel,
  children,
}: {
  tabLabel: string;
  children: ReactNode;
}) {
  const [attempt, setAttempt] = useState(0);
  return (
    <RenderErrorCatcher
      key={attempt}
      fallback={(error) => (
        <EuiEmptyPrompt
          iconType="alert"
          iconColor="danger"
          title={<h2>{sharedStrings.tabFailedTitle(tabLabel)}</h2>}
          body={
            <EuiText size="s">
              <p>{sharedStrings.tabFailedBody()}</p>
              <p role="alert" data-test-subj="federationTabErrorReason">
                <EuiCode>{sharedStrings.tabFailedReason(error.message)}</EuiCode>
              </p>
            </EuiText>
          }
          actions={
            <EuiButton
              fill
              iconType="refresh"
              onClick={() => setAttempt((count) => count + 1)}
              data-test-subj="federationTabErrorReload"
            >
              {sharedStrings.reloadTab()}
            </EuiButton>
          }
          data-test-subj="federationTabError"
        />
      )}
    >
      {children}
    </RenderErrorCatcher>
  );
}
