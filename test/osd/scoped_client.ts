import type { Client } from '@opensearch-project/opensearch';
import { errors } from '@opensearch-project/opensearch';
import type { OpenSearchTransportClient } from '../../server/engine/opensearch/transport';

/**
 * A current-user client as OSD hands one out for a user whom OpenSearch's security plugin does
 * not grant `index`: every request whose path names the index fails with the plugin's 403
 * (same error class and body shape); everything else goes to the real cluster.
 */
export function denyingClient(real: Client, index: string): OpenSearchTransportClient {
  return {
    transport: {
      request(params, options) {
        const first = decodeURIComponent(params.path.replace(/^\//, '').split('/')[0] ?? '');
        if (first.split(',').includes(index)) {
          const reason = `no permissions for [indices:data/read/search] and User [name=denied, backend_roles=[], requestedTenant=null]`;
          const body = {
            error: {
              root_cause: [{ type: 'security_exception', reason }],
              type: 'security_exception',
              reason,
            },
            status: 403,
          };
          return Promise.reject(
            new errors.ResponseError({
              body,
              statusCode: 403,
              headers: {},
              warnings: null,
              meta: {} as never,
            })
          );
        }
        return real.transport.request(params as never, options as never) as never;
      },
    },
  };
}
