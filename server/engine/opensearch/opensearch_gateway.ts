import { badRequest } from '../errors';
import { fromClientError } from './client_errors';
import { serializeBody } from './raw_json';
import { readAnswer, type StreamedResponse } from './raw_response';
import type {
  OpenSearchTransportClient,
  TransportRequestOptions,
  TransportRequestParams,
} from './transport';

/**
 * The engine's single door to OpenSearch: every call goes through `request`, so errors are
 * translated in one place and the client can be the caller's own (OSD's `asCurrentUser`). It
 * serializes bodies itself (as the client would), splicing in raw JSON parts (raw_json.ts), and
 * parses answers itself (raw_response.ts): the client's parser refuses data holding a
 * `__proto__` key, which OpenSearch stores and serves like any other.
 */
export class OpenSearchGateway {
  constructor(private readonly client: OpenSearchTransportClient) {}

  async request<T = unknown>(
    params: TransportRequestParams,
    options?: TransportRequestOptions
  ): Promise<T> {
    try {
      const body =
        params.body === undefined || typeof params.body === 'string'
          ? params.body
          : serializeBody(params.body);
      // The answer as a stream (opensearch-js's `asStream`): the transport then leaves statuses,
      // `ignore` and parsing to readAnswer, which applies them as the transport would.
      const streaming: TransportRequestOptions & { asStream: true } = {
        ...options,
        asStream: true,
      };
      const response: StreamedResponse = await this.client.transport.request(
        { ...params, body },
        streaming
      );
      return (await readAnswer(response, {
        method: params.method,
        ignore: options?.ignore,
        signal: options?.signal,
      })) as T;
    } catch (error) {
      throw fromClientError(error);
    }
  }
}

/** Builds `/a,b/_search`-style paths; each part is escaped, commas and wildcards stay readable. */
export function opensearchPath(...parts: string[]): string {
  return '/' + parts.map(encodePathPart).join('/');
}

/**
 * One path part (an index expression, an id), escaped with commas and wildcards left readable.
 * Text with an unpaired surrogate (`"\ud800"` in JSON) names nothing and cannot be sent as
 * UTF-8: it is the caller's mistake, not a failure of ours.
 */
export function encodePathPart(part: string): string {
  if (/\p{Surrogate}/u.test(part)) {
    throw badRequest(
      `[${part}] is not valid Unicode text: it holds an unpaired surrogate; send index names and ids as well-formed text`
    );
  }
  return encodeURIComponent(part).replace(/%2C/gi, ',').replace(/%2A/gi, '*');
}
