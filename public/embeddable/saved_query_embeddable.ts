/**
 * A saved GQL query as a dashboard panel: OSD's `IEmbeddable` (declared in ../types.ts), written
 * without OSD's `Embeddable` base class, which we cannot import. It keeps its input (what the
 * dashboard gives it: the saved query's id, the view, the time range, the refresh time) and its
 * output (the title and state the panel frame shows), follows the container's input as OSD's base
 * class does, and draws with a React module loaded on first render (panel_mount.tsx), so neither
 * OSD's start-up nor a dashboard without such a panel pays for it.
 */
import type {
  Embeddable,
  EmbeddableContainer,
  EmbeddableInput,
  EmbeddableOutput,
  HttpClient,
} from '../types';
import { ValueSubject } from './value_subject';

/** The embeddable type OSD registers the factory under (and dashboards save in their panels). */
export const SAVED_GQL_QUERY_EMBEDDABLE = 'federation_saved_gql_query';

/** What the panel shows of the answer: the table, or the picture of the matched subgraphs. */
export type PanelView = 'table' | 'picture';

/** The panel's explicit input (saved in the dashboard) plus what the dashboard passes down. */
export interface SavedGqlQueryInput extends EmbeddableInput {
  savedQueryId: string;
  view?: PanelView;
}

/** What the lazily loaded React module needs for one drawing. */
export interface PanelProps {
  http: HttpClient;
  input: Readonly<SavedGqlQueryInput>;
  /** Bumped by `reload()`: a new value runs the query again. */
  reloads: number;
  onOutput: (changes: Partial<EmbeddableOutput>) => void;
}

export interface MountedPanel {
  update(props: PanelProps): void;
  unmount(): void;
}

export type MountPanel = (element: HTMLElement) => MountedPanel;

export interface SavedGqlQueryEmbeddableDeps {
  http: HttpClient;
  /** Loads the React module (a dynamic import in the plugin; tests may pass their own). */
  loadPanel: () => Promise<MountPanel>;
}

export class SavedGqlQueryEmbeddable implements Embeddable<SavedGqlQueryInput> {
  readonly type = SAVED_GQL_QUERY_EMBEDDABLE;
  readonly isContainer = false;
  readonly id: string;
  private readonly input$: ValueSubject<SavedGqlQueryInput>;
  private readonly output$ = new ValueSubject<EmbeddableOutput>({});
  private readonly subscriptions: Array<{ unsubscribe(): void }> = [];
  private reloads = 0;
  private mounted: MountedPanel | null = null;
  private destroyed = false;

  constructor(
    initialInput: SavedGqlQueryInput,
    private readonly deps: SavedGqlQueryEmbeddableDeps,
    readonly parent?: EmbeddableContainer
  ) {
    this.id = initialInput.id;
    this.input$ = new ValueSubject(initialInput);
    if (parent) {
      // As OSD's Embeddable base class: the container's input changes (time range, refresh,
      // this panel's explicit input) become this panel's input, as the container computes it.
      this.subscriptions.push(
        parent.getInput$().subscribe(() => {
          if (!this.destroyed)
            this.input$.next(parent.getInputForChild<SavedGqlQueryInput>(this.id));
        })
      );
    }
    this.subscriptions.push(this.input$.subscribe(() => this.draw()));
  }

  getIsContainer(): boolean {
    return false;
  }

  getInput$() {
    return this.input$;
  }

  getOutput$() {
    return this.output$;
  }

  getInput(): Readonly<SavedGqlQueryInput> {
    return this.input$.getValue();
  }

  getOutput(): Readonly<EmbeddableOutput> {
    return this.output$.getValue();
  }

  getTitle(): string | undefined {
    return this.getInput().title ?? this.getOutput().title;
  }

  getRoot(): Embeddable | EmbeddableContainer {
    return this.parent ?? (this as Embeddable);
  }

  /** In a container, changes go through it (it owns the panel's explicit input), as in OSD. */
  updateInput(changes: Partial<SavedGqlQueryInput>): void {
    if (this.parent) this.parent.updateInputForChild(this.id, changes);
    else this.input$.next({ ...this.getInput(), ...changes });
  }

  render(domNode: HTMLElement): void {
    this.output$.next({ ...this.getOutput(), loading: true });
    this.deps.loadPanel().then(
      (mount) => {
        if (this.destroyed) return;
        this.mounted?.unmount();
        this.mounted = mount(domNode);
        this.draw();
      },
      (error: unknown) => this.updateOutput({ loading: false, error: errorOf(error) })
    );
  }

  /** The dashboard's Refresh, or an action's: runs the query again with the same input. */
  reload(): void {
    this.reloads += 1;
    this.draw();
  }

  supportedTriggers(): string[] {
    return [];
  }

  destroy(): void {
    this.destroyed = true;
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.mounted?.unmount();
    this.mounted = null;
    this.input$.complete();
    this.output$.complete();
  }

  private draw(): void {
    this.mounted?.update({
      http: this.deps.http,
      input: this.getInput(),
      reloads: this.reloads,
      onOutput: (changes) => this.updateOutput(changes),
    });
  }

  private updateOutput(changes: Partial<EmbeddableOutput>): void {
    if (this.destroyed) return;
    this.output$.next({ ...this.getOutput(), ...changes });
  }
}

function errorOf(error: unknown): { name: string; message: string } {
  return error instanceof Error
    ? { name: error.name, message: error.message }
    : { name: 'Error', message: String(error) };
}
