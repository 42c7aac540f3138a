/**
 * A dashboard-like container, as OSD's `Container` and `DashboardContainer` behave towards a
 * child (src/plugins/embeddable/public/lib/containers/container.ts,
 * src/plugins/dashboard/public/application/embeddable/dashboard_container.tsx): panels keep an
 * explicit input; a child's input is the container's inherited fields (time range, query,
 * filters, refresh time, view mode) with the panel's explicit input over them; a child's input
 * change goes into its panel; `addNewEmbeddable(type, explicitInput)` adds a panel and creates
 * the child with the factory; the dashboard's Refresh sets `lastReloadRequestTime`. For tests
 * only (jsdom and the e2e OSD page).
 */
import { ValueSubject } from '../embeddable/value_subject';
import type {
  DashboardFilter,
  DashboardQuery,
  Embeddable,
  EmbeddableContainer,
  EmbeddableInput,
  TimeRange,
} from '../types';
import type { EmbeddableRegistry } from './embeddable_registry';

export interface DashboardInput {
  id: string;
  timeRange: TimeRange;
  query: DashboardQuery;
  filters: DashboardFilter[];
  viewMode: string;
  lastReloadRequestTime?: number;
  panels: Record<string, { type: string; explicitInput: EmbeddableInput }>;
}

export class DashboardContainerDouble implements EmbeddableContainer {
  readonly id: string;
  private readonly input$: ValueSubject<DashboardInput>;
  readonly children = new Map<string, Embeddable>();
  private nextPanel = 1;

  constructor(
    private readonly registry: EmbeddableRegistry,
    initial: Omit<DashboardInput, 'panels' | 'query' | 'filters' | 'viewMode'> &
      Partial<DashboardInput>
  ) {
    this.id = initial.id;
    this.input$ = new ValueSubject<DashboardInput>({
      query: { query: '', language: 'kuery' },
      filters: [],
      viewMode: 'view',
      panels: {},
      ...initial,
    });
  }

  getInput$() {
    return this.input$;
  }

  getInput(): DashboardInput {
    return this.input$.getValue();
  }

  getInputForChild<T extends EmbeddableInput>(id: string): T {
    const { timeRange, query, filters, viewMode, lastReloadRequestTime, panels } = this.getInput();
    const inherited = {
      id,
      timeRange,
      query,
      filters,
      viewMode,
      ...(lastReloadRequestTime !== undefined ? { lastReloadRequestTime } : {}),
    };
    return { ...inherited, ...panels[id]?.explicitInput } as unknown as T;
  }

  updateInputForChild<T extends EmbeddableInput>(id: string, changes: Partial<T>): void {
    const { panels } = this.getInput();
    const panel = panels[id];
    if (!panel) throw new Error(`no panel [${id}]`);
    this.updateInput({
      panels: {
        ...panels,
        [id]: { ...panel, explicitInput: { ...panel.explicitInput, ...changes } },
      },
    });
  }

  updateInput(changes: Partial<DashboardInput>): void {
    this.input$.next({ ...this.getInput(), ...changes });
  }

  /** The dashboard's Refresh button (and its refresh interval). */
  refresh(now = Date.now()): void {
    this.updateInput({ lastReloadRequestTime: now });
  }

  async addNewEmbeddable(
    type: string,
    explicitInput: Partial<EmbeddableInput>
  ): Promise<Embeddable> {
    const factory = this.registry.getEmbeddableFactory(type);
    if (!factory) throw new Error(`no embeddable factory [${type}]`);
    const id = `panel-${this.nextPanel++}`;
    const { panels } = this.getInput();
    this.updateInput({
      panels: { ...panels, [id]: { type, explicitInput: { ...explicitInput, id } } },
    });
    const child = await factory.create(this.getInputForChild(id), this);
    if (!child) throw new Error(`the factory [${type}] created nothing`);
    this.children.set(id, child);
    return child;
  }

  removeEmbeddable(id: string): void {
    this.children.get(id)?.destroy();
    this.children.delete(id);
    const { [id]: _removed, ...panels } = this.getInput().panels;
    this.updateInput({ panels });
  }
}
