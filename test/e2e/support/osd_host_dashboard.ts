/**
 * Browser side: a dashboard stand-in for the OSD host page (osd_host_page.ts, `?osdHost=dashboard`).
 * It is not OSD's dashboard: plain DOM around the container double
 * (public/test_support/dashboard_container.ts), with what a dashboard does for a panel: a time
 * range, a Refresh button, and an "Add panel" list of the registry's factories that can create
 * new ones; choosing one asks the factory for its explicit input, adds the panel, creates the
 * embeddable and renders it into the panel's element.
 */
import { DashboardContainerDouble } from '../../../public/test_support/dashboard_container';
import type { EmbeddableRegistry } from '../../../public/test_support/embeddable_registry';
import type { TimeRange } from '../../../public/types';

/** The time picker's choices: absolute ranges the test's data is dated in, and a relative one. */
export const HOST_TIME_RANGES: Array<{ label: string; range: TimeRange }> = [
  {
    label: 'January 2026',
    range: { from: '2026-01-01T00:00:00.000Z', to: '2026-01-31T23:59:59.999Z', mode: 'absolute' },
  },
  {
    label: '1–15 January 2026',
    range: { from: '2026-01-01T00:00:00.000Z', to: '2026-01-15T23:59:59.999Z', mode: 'absolute' },
  },
  { label: 'Last 5 years', range: { from: 'now-5y', to: 'now', mode: 'relative' } },
];

export interface HostDashboardState {
  /** The "add panel" choices, by display name. */
  choices: string[];
  panels: number;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  if (text !== undefined) created.textContent = text;
  return created;
}

export function mountHostDashboard(
  root: HTMLElement,
  registry: EmbeddableRegistry,
  state: HostDashboardState
): void {
  const dashboard = new DashboardContainerDouble(registry, {
    id: 'host-dashboard',
    timeRange: HOST_TIME_RANGES[0].range,
  });
  Object.assign(root.style, { padding: '16px', background: '#f5f7fa', minHeight: '100vh' });

  const bar = element('div', { class: 'euiText' });
  Object.assign(bar.style, {
    display: 'flex',
    gap: '12px',
    alignItems: 'center',
    flexWrap: 'wrap',
  });
  const title = element('h1', {}, 'Dashboard');
  Object.assign(title.style, { fontSize: '20px', fontWeight: '600', marginRight: '16px' });
  const caption = element(
    'span',
    {},
    '(the e2e page’s stand-in for an OSD dashboard: OSD’s container contract, not its UI)'
  );
  Object.assign(caption.style, { color: '#69707d', fontSize: '12px', marginRight: 'auto' });
  const timeLabel = element('label', { for: 'hostTimeRange' }, 'Time range');
  const timeSelect = element('select', { id: 'hostTimeRange', 'data-test-subj': 'hostTimeRange' });
  HOST_TIME_RANGES.forEach(({ label }, i) =>
    timeSelect.appendChild(element('option', { value: String(i) }, label))
  );
  timeSelect.addEventListener('change', () =>
    dashboard.updateInput({ timeRange: HOST_TIME_RANGES[Number(timeSelect.value)].range })
  );
  const refresh = element(
    'button',
    { class: 'euiButton euiButton--primary', 'data-test-subj': 'hostRefresh' },
    'Refresh'
  );
  refresh.addEventListener('click', () => dashboard.refresh());
  const add = element(
    'button',
    { class: 'euiButton euiButton--primary', 'data-test-subj': 'hostAddPanel' },
    'Add panel'
  );
  for (const button of [refresh, add]) Object.assign(button.style, { padding: '0 12px' });
  bar.append(title, caption, timeLabel, timeSelect, refresh, add);

  const flyout = element('div', {
    'data-test-subj': 'hostAddPanelFlyout',
    role: 'region',
    'aria-label': 'Add panels',
  });
  Object.assign(flyout.style, {
    display: 'none',
    margin: '12px 0',
    padding: '12px',
    background: '#fff',
    border: '1px solid #d3dae6',
    borderRadius: '4px',
  });
  const grid = element('div', { 'data-test-subj': 'hostPanels' });
  Object.assign(grid.style, {
    display: 'grid',
    gridTemplateColumns: '1fr',
    gap: '16px',
    marginTop: '16px',
  });
  root.append(bar, flyout, grid);

  add.addEventListener('click', async () => {
    flyout.replaceChildren(element('h2', {}, 'Create new'));
    flyout.style.display = 'block';
    const choices = await registry.addPanelChoices();
    state.choices = choices.map((factory) => factory.getDisplayName());
    for (const factory of choices) {
      const choice = element(
        'button',
        { class: 'euiLink', 'data-test-subj': `hostCreate-${factory.type}` },
        factory.getDisplayName()
      );
      Object.assign(choice.style, { display: 'block', margin: '6px 0' });
      choice.addEventListener('click', async () => {
        flyout.style.display = 'none';
        // As OSD's add-panel flyout: ask the factory, then add a panel with its answer.
        const explicitInput = await factory.getExplicitInput();
        const child = await dashboard.addNewEmbeddable(factory.type, explicitInput);
        const panel = element('section', { 'data-test-subj': 'hostPanel' });
        Object.assign(panel.style, {
          background: '#fff',
          border: '1px solid #d3dae6',
          borderRadius: '4px',
        });
        const heading = element('h2');
        Object.assign(heading.style, {
          fontSize: '14px',
          fontWeight: '600',
          padding: '8px 12px',
          borderBottom: '1px solid #d3dae6',
        });
        const body = element('div');
        Object.assign(body.style, { height: '540px', position: 'relative' });
        panel.append(heading, body);
        grid.appendChild(panel);
        child.getOutput$().subscribe(() => {
          heading.textContent = child.getTitle() ?? '';
        });
        child.render(body);
        state.panels += 1;
      });
      flyout.appendChild(choice);
    }
  });
}
