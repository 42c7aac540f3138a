import type { VirtualIndexBody, VirtualIndexView } from '../../../common/catalog_types';
import { CONNECTOR_BASE_PATH } from '../../../common/constants';
import type { HttpClient } from '../../types';
import type { CatalogListResponse, CatalogWriteResult } from './datasources_api';

const BASE = `${CONNECTOR_BASE_PATH}/index`;

/** One virtual index as the screens use it: its id beside its definition and mapped columns. */
export interface VirtualIndexSummary extends VirtualIndexView {
  id: string;
}

/** `PUT /_svc/connector/index/{id}`: also says whether the empty concrete index was created. */
export interface VirtualIndexWriteResult extends CatalogWriteResult {
  index_created: boolean;
}

/** Typed calls of the virtual indices routes (docs/api/interface.md §4.3). */
export interface VirtualIndicesApi {
  list(signal?: AbortSignal): Promise<VirtualIndexSummary[]>;
  put(id: string, body: VirtualIndexBody): Promise<VirtualIndexWriteResult>;
  /** Removes the catalog entry; the concrete index created with it stays (docs/api/interface.md §8.2.12). */
  delete(id: string): Promise<CatalogWriteResult>;
}

function indexPath(id: string): string {
  return `${BASE}/${encodeURIComponent(id)}`;
}

export function createVirtualIndicesApi(http: HttpClient): VirtualIndicesApi {
  return {
    async list(signal) {
      const response = await http.get<CatalogListResponse<VirtualIndexView>>(`${BASE}/_search`, {
        signal,
      });
      return response.hits.hits.map((hit) => ({ id: hit._id, ...hit._source }));
    },
    put: (id, body) => http.put(indexPath(id), { body: JSON.stringify(body) }),
    delete: (id) => http.delete(indexPath(id)),
  };
}
