/**
 * The factory OSD's `embeddable` plugin registers for saved GQL query panels (see
 * `EmbeddableFactoryDefinition` in ../types.ts). A dashboard's "add panel" flyout lists it under
 * "Create new" as "Saved GQL query"; choosing it calls `getExplicitInput`, which asks the user for
 * one of the saved queries (`/_svc/graph/query/...`, docs/api/saved_queries.md) and the view,
 * then the dashboard creates the panel. The picker and the panel are loaded when first needed.
 */
import type { EmbeddableContainer, EmbeddableFactoryDefinition, HttpClient } from '../types';
import {
  SAVED_GQL_QUERY_EMBEDDABLE,
  SavedGqlQueryEmbeddable,
  type MountPanel,
  type SavedGqlQueryInput,
} from './saved_query_embeddable';
import { strings } from './strings';

/** What the picker answers: the panel's explicit input. */
export type PickedQuery = Pick<SavedGqlQueryInput, 'savedQueryId' | 'view' | 'title'>;

/** Opens the picker; resolves with the user's choice, or null when they cancel. */
export type PickSavedQuery = (http: HttpClient) => Promise<PickedQuery | null>;

export interface SavedQueryFactoryDeps {
  /** OSD's `core.http`, once OSD has started (`core.getStartServices()`). */
  http: () => Promise<HttpClient>;
  loadPicker: () => Promise<PickSavedQuery>;
  loadPanel: () => Promise<MountPanel>;
}

export function savedQueryEmbeddableFactory(
  deps: SavedQueryFactoryDeps
): EmbeddableFactoryDefinition<SavedGqlQueryInput> {
  return {
    type: SAVED_GQL_QUERY_EMBEDDABLE,
    isContainerType: false,
    isEditable: async () => true,
    canCreateNew: () => true,
    getDisplayName: () => strings.displayName(),
    getDescription: () => strings.description(),
    getIconType: () => 'graphApp',
    async getExplicitInput() {
      const [pick, http] = await Promise.all([deps.loadPicker(), deps.http()]);
      const picked = await pick(http);
      // OSD's add-panel flyout adds a panel with whatever this resolves to and has no answer for
      // "cancelled" (a rejection is an unhandled error there): as OSD's own factories that ask
      // in a modal, a cancelled choice never settles, and no panel is added.
      if (picked === null) return new Promise<never>(() => undefined);
      return picked;
    },
    async create(initialInput: SavedGqlQueryInput, parent?: EmbeddableContainer) {
      const http = await deps.http();
      return new SavedGqlQueryEmbeddable(initialInput, { http, loadPanel: deps.loadPanel }, parent);
    },
  };
}
