import { fromClientError } from './client_errors';
import type {
  OpenSearchTransportClient,
  TransportRequestOptions,
  TransportRequestParams,
} from './transport';

/**
 * The engine's single door to OpenSearch: every call goes through `request`, so errors are
 * translated in one place and the client can be the caller's own (OSD's `asCurrentUser`).
 */
export class OpenSearchGateway {
  constructor(private readonly client: OpenSearchTransportClient) {}

  async request<T = unknown>(
    params: TransportRequestParams,
    options?: TransportRequestOptions
  ): Promise<T> {
    try {
      const response = await this.client.transport.request(params, options);
      return response.body as T;
    } catch (error) {
      throw fromClientError(error);
    }
  }
}

/** Builds `/a,b/_search`-style paths; each part is escaped, commas and wildcards stay readable. */
export function opensearchPath(...parts: string[]): string {
  return (
    '/' +
    parts
      .map((part) => encodeURIComponent(part).replace(/%2C/gi, ',').replace(/%2A/gi, '*'))
      .join('/')
  );
}
