import type { HttpClient } from '../../types';

/** Typed calls of the virtual indices routes. */
export interface VirtualIndicesApi {}

export function createVirtualIndicesApi(http: HttpClient): VirtualIndicesApi {
  void http;
  return {};
}
