/**
 * What the engine needs of an OpenSearch client: the generic transport call. Both
 * `@opensearch-project/opensearch`'s `Client` and the scoped clients OSD hands to route handlers
 * (`asCurrentUser`, `asInternalUser`) provide it.
 */
export interface TransportRequestParams {
  method: string;
  path: string;
  body?: Record<string, unknown> | string;
  bulkBody?: Array<Record<string, unknown>> | string;
  querystring?: Record<string, unknown>;
}

/** What the gateway hands the client: the body serialized (text, or bytes with raw JSON parts). */
export type SerializedRequestParams = Omit<TransportRequestParams, 'body'> & {
  body?: string | Buffer;
};

export interface TransportRequestOptions {
  headers?: Record<string, string>;
  /** Statuses answered as responses, not errors (expected outcomes; see `expecting`). */
  ignore?: number[];
  requestTimeout?: number;
  signal?: AbortSignal;
}

export interface OpenSearchTransportClient {
  transport: {
    request(
      params: TransportRequestParams | SerializedRequestParams,
      options?: TransportRequestOptions
    ): Promise<{ body: unknown; statusCode?: number | null; headers?: unknown }>;
  };
}
