import {
  SAVED_QUERY_ID_PATTERN,
  SAVED_QUERY_LIMITS,
  type SavedQueryBody,
  type SavedQueryListHit,
  type SavedQuerySearchParams,
  type SavedQuerySearchResponse,
  type SavedQueryView,
  type SavedQueryWriteResponse,
} from '../../../common/saved_query_types';
import { badRequest, notFound, type FederationError } from '../errors';
import { parseGraphModel } from '../graph/graph_model';
import { DEFAULT_MODEL_LIMITS, type ModelLimits } from '../graph/model_bounds';
import { searchText } from './search_text';
import type { ListedSavedQuery, SavedQueryStore, SavedQueryWrite } from './saved_query_store';

/**
 * Saved GQL queries, answered in OpenSearch's document-API shapes whatever the store: ids are
 * checked, a model must be one `/svc/_graph` accepts (its errors name the JSON path; its size is
 * bounded by the same settings), a missing query is a 404 naming it. A search lists what a list
 * shows; the query and model come with `get`.
 */
export class SavedQueryService {
  constructor(
    private readonly store: SavedQueryStore,
    /** The graph model bounds (settings maxGraphModelEntities, ...Relations, ...Bytes). */
    private readonly modelLimits: ModelLimits = DEFAULT_MODEL_LIMITS
  ) {}

  async put(id: string, body: SavedQueryBody): Promise<SavedQueryWriteResponse> {
    assertId(id);
    // Saved only if it could run: the same checks and bounds as a graph request's model.
    parseGraphModel(body.model, this.modelLimits);
    return writeResponse(id, await this.store.put(id, body));
  }

  async get(id: string): Promise<SavedQueryView> {
    assertId(id);
    const found = await this.store.get(id);
    if (found === null) throw missing(id);
    return { ...found.meta, _id: found.id, found: true, _source: found.source };
  }

  async delete(id: string): Promise<SavedQueryWriteResponse> {
    assertId(id);
    const result = await this.store.delete(id);
    if (result === null) throw missing(id);
    return writeResponse(id, result);
  }

  async search(params: SavedQuerySearchParams): Promise<SavedQuerySearchResponse> {
    const started = Date.now();
    const from = params.from ?? 0;
    const size = params.size ?? SAVED_QUERY_LIMITS.defaultSearchSize;
    const page = await this.store.search({ text: searchText(params.q), from, size });
    return {
      took: Date.now() - started,
      timed_out: false,
      hits: {
        total: { value: page.total, relation: 'eq' },
        max_score: null,
        hits: page.items.map(hit),
      },
    };
  }
}

function hit(item: ListedSavedQuery): SavedQueryListHit {
  return { ...item.meta, _id: item.id, _score: null, _source: item.source };
}

function writeResponse(id: string, write: SavedQueryWrite): SavedQueryWriteResponse {
  return { ...write.meta, _id: id, result: write.result };
}

function assertId(id: string): void {
  if (!SAVED_QUERY_ID_PATTERN.test(id)) {
    throw badRequest(
      `Invalid saved query id [${id}]: must be 1 to ${SAVED_QUERY_LIMITS.idMaxLength} characters of letters, digits, \`_\`, \`.\` or \`-\`, starting with a letter or digit`,
      { saved_query: id }
    );
  }
}

function missing(id: string): FederationError {
  return notFound('resource_not_found_exception', `saved query [${id}] does not exist`, {
    saved_query: id,
  });
}
