/**
 * The factory as OSD's embeddable plugin sees it (the registry double), and the embeddable as a
 * dashboard container drives it (the container double): its input follows the dashboard, changes
 * go through the container, Refresh and reload reach the drawing, destroy stops everything.
 */
import { describe, expect, it } from 'vitest';
import { FederationPlugin } from '../plugin';
import { DashboardContainerDouble } from '../test_support/dashboard_container';
import { createEmbeddableRegistry } from '../test_support/embeddable_registry';
import { RecordingHttp } from '../test_support/recording_http';
import type { CoreSetup, CoreStart } from '../types';
import {
  SAVED_GQL_QUERY_EMBEDDABLE,
  SavedGqlQueryEmbeddable,
  type MountPanel,
  type PanelProps,
} from './saved_query_embeddable';
import { savedQueryEmbeddableFactory } from './saved_query_embeddable_factory';

const http = new RecordingHttp();
const coreStart = {
  http,
  notifications: { toasts: { addSuccess: () => ({}), addDanger: () => ({}) } },
} as CoreStart;
const coreSetup = (): CoreSetup => ({
  application: { register: () => undefined },
  getStartServices: () => Promise.resolve([coreStart, {}, {}]),
});

/** A drawing that records what it was given. */
function recordingPanel() {
  const drawn: PanelProps[] = [];
  let unmounted = 0;
  const mount: MountPanel = () => ({
    update: (props) => void drawn.push(props),
    unmount: () => void (unmounted += 1),
  });
  return { drawn, mount, unmounted: () => unmounted };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the saved GQL query panel in OSD’s embeddable plugin', () => {
  it('is registered at setup when OSD passes the embeddable plugin, and offered under "add panel"', async () => {
    const registry = createEmbeddableRegistry();
    new FederationPlugin({}).setup(coreSetup(), { embeddable: registry.setup });
    const choices = await registry.addPanelChoices();
    expect(choices.map((factory) => [factory.type, factory.getDisplayName()])).toEqual([
      [SAVED_GQL_QUERY_EMBEDDABLE, 'Saved GQL query'],
    ]);
    expect(choices[0].getIconType()).toBe('graphApp');
  });

  it('sets up without OSD’s embeddable plugin (it is optional)', () => {
    expect(() => new FederationPlugin({}).setup(coreSetup())).not.toThrow();
    expect(() => new FederationPlugin({}).setup(coreSetup(), {})).not.toThrow();
  });

  it('asks for the saved query and view, and answers them as the panel’s explicit input', async () => {
    const asked: unknown[] = [];
    const factory = savedQueryEmbeddableFactory({
      http: async () => http,
      loadPicker: async () => async (given) => {
        asked.push(given);
        return { savedQueryId: 'mentions', view: 'picture', title: 'Mentions' };
      },
      loadPanel: async () => recordingPanel().mount,
    });
    await expect(factory.getExplicitInput!()).resolves.toEqual({
      savedQueryId: 'mentions',
      view: 'picture',
      title: 'Mentions',
    });
    expect(asked).toEqual([http]);
  });

  it('adds no panel when the user cancels: the explicit input never settles', async () => {
    const factory = savedQueryEmbeddableFactory({
      http: async () => http,
      loadPicker: async () => async () => null,
      loadPanel: async () => recordingPanel().mount,
    });
    let settled = false;
    void factory.getExplicitInput!().then(
      () => (settled = true),
      () => (settled = true)
    );
    await settle();
    await settle();
    expect(settled).toBe(false);
  });

  it('follows the dashboard: time range, Refresh, its own input, reload; destroy stops it', async () => {
    const registry = createEmbeddableRegistry();
    const panel = recordingPanel();
    registry.setup.registerEmbeddableFactory(
      SAVED_GQL_QUERY_EMBEDDABLE,
      savedQueryEmbeddableFactory({
        http: async () => http,
        loadPicker: async () => async () => null,
        loadPanel: async () => panel.mount,
      })
    );
    const dashboard = new DashboardContainerDouble(registry, {
      id: 'dashboard',
      timeRange: { from: 'now-15m', to: 'now' },
    });
    const child = await dashboard.addNewEmbeddable(SAVED_GQL_QUERY_EMBEDDABLE, {
      savedQueryId: 'mentions',
      view: 'table',
    });
    expect(child).toBeInstanceOf(SavedGqlQueryEmbeddable);
    expect(child.getInput()).toMatchObject({
      id: 'panel-1',
      savedQueryId: 'mentions',
      view: 'table',
      timeRange: { from: 'now-15m', to: 'now' },
    });
    const element = {} as HTMLElement;
    child.render(element);
    await settle();
    expect(panel.drawn.at(-1)).toMatchObject({
      http,
      reloads: 0,
      input: { savedQueryId: 'mentions' },
    });

    dashboard.updateInput({ timeRange: { from: 'now-7d', to: 'now' } });
    expect(panel.drawn.at(-1)!.input.timeRange).toEqual({ from: 'now-7d', to: 'now' });

    dashboard.refresh(1234);
    expect(panel.drawn.at(-1)!.input.lastReloadRequestTime).toBe(1234);

    // A change of the panel's own input goes into its panel in the dashboard, then back to it.
    child.updateInput({ view: 'picture' });
    expect(dashboard.getInput().panels['panel-1'].explicitInput.view).toBe('picture');
    expect(panel.drawn.at(-1)!.input.view).toBe('picture');

    child.reload();
    expect(panel.drawn.at(-1)!.reloads).toBe(1);

    // The drawing reports the saved query's title and loading state as the panel's output.
    const outputs: unknown[] = [];
    child.getOutput$().subscribe((output) => outputs.push(output));
    panel.drawn.at(-1)!.onOutput({ title: 'Mentions', loading: false });
    expect(child.getOutput()).toMatchObject({ title: 'Mentions', loading: false });
    expect(child.getTitle()).toBe('Mentions');
    expect(outputs).toHaveLength(2);

    const drawings = panel.drawn.length;
    dashboard.removeEmbeddable('panel-1');
    expect(panel.unmounted()).toBe(1);
    dashboard.updateInput({ timeRange: { from: 'now-1y', to: 'now' } });
    expect(panel.drawn).toHaveLength(drawings);
  });

  it('works without a container: updateInput changes its own input', async () => {
    const panel = recordingPanel();
    const embeddable = new SavedGqlQueryEmbeddable(
      { id: 'alone', savedQueryId: 'mentions' },
      { http, loadPanel: async () => panel.mount }
    );
    embeddable.render({} as HTMLElement);
    await settle();
    embeddable.updateInput({ savedQueryId: 'other' });
    expect(panel.drawn.at(-1)!.input.savedQueryId).toBe('other');
    expect(embeddable.getRoot()).toBe(embeddable);
    embeddable.destroy();
  });

  it('reports a panel module that fails to load as its output error', async () => {
    const embeddable = new SavedGqlQueryEmbeddable(
      { id: 'broken', savedQueryId: 'mentions' },
      { http, loadPanel: () => Promise.reject(new Error('chunk failed')) }
    );
    embeddable.render({} as HTMLElement);
    await settle();
    expect(embeddable.getOutput()).toMatchObject({
      loading: false,
      error: { name: 'Error', message: 'chunk failed' },
    });
  });
});
