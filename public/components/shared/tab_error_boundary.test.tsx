import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { memoryHistory } from '../../test_support/render_with_services';
import { AppShell, type AppTab } from './app_shell';
import { TabErrorBoundary } from './tab_error_boundary';

/** A panel that fails to render while `failing.now` is true, as a screen with a bug does. */
const failing = { now: true };
function FlakyPanel() {
  if (failing.now) throw new Error('cannot read properties of undefined (reading "hits")');
  return <p>The panel works</p>;
}

describe('TabErrorBoundary', () => {
  let consoleError: MockInstance;
  // React (in development) re-throws each caught render error as a window error event, which
  // jsdom prints unless it is cancelled; and it reports each on the console. Both are expected.
  const expectedError = (event: ErrorEvent) => event.preventDefault();
  beforeEach(() => {
    failing.now = true;
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.addEventListener('error', expectedError);
  });
  afterEach(() => {
    consoleError.mockRestore();
    window.removeEventListener('error', expectedError);
  });

  it('shows what failed, and "Reload the tab" mounts the panel again', async () => {
    render(
      <TabErrorBoundary tabLabel="Graph query">
        <FlakyPanel />
      </TabErrorBoundary>
    );
    expect(
      screen.getByRole('heading', { name: 'The Graph query tab stopped working' })
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Error: cannot read properties of undefined (reading "hits")'
    );

    failing.now = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reload the tab' }));
    expect(screen.getByText('The panel works')).toBeTruthy();
    expect(screen.queryByTestId('federationTabError')).toBeNull();
  });

  it('keeps the other tabs working, and a failed tab starts clean when chosen again', async () => {
    const tabs: AppTab<'broken' | 'fine'>[] = [
      { id: 'broken', label: 'Broken', path: '/broken', Panel: FlakyPanel },
      { id: 'fine', label: 'Fine', path: '/fine', Panel: () => <p>Another tab</p> },
    ];
    render(<AppShell history={memoryHistory('/broken')} tabs={tabs} />);
    expect(screen.getByRole('heading', { name: 'The Broken tab stopped working' })).toBeTruthy();
    // The frame survives: the tabs are still there and work.
    await userEvent.click(screen.getByRole('tab', { name: 'Fine' }));
    expect(screen.getByText('Another tab')).toBeTruthy();

    failing.now = false;
    await userEvent.click(screen.getByRole('tab', { name: 'Broken' }));
    expect(screen.getByText('The panel works')).toBeTruthy();
  });
});
