/**
 * The reads of OpenSearchBackend (counts, field caps, composite key pages, opening a point in
 * time) while a node leaves: OpenSearch answers the node's loss (node_loss_bodies.ts), and the
 * read is made again until the copies left serve it. The answers come from a scripted transport.
 */
import { describe, expect, it } from 'vitest';
import { OpenSearchGateway } from '../opensearch/opensearch_gateway';
import {
  ALL_SHARDS_LOST,
  PARTIAL_SEARCH,
  PIT_OPEN_DISCONNECTED,
  SEND_REQUEST_NOT_CONNECTED,
} from '../opensearch/node_loss_bodies';
import { NodeLossError } from '../opensearch/node_loss';
import type { TransportRequestParams } from '../opensearch/transport';
import { keyCount } from './key_set';
import { OpenSearchBackend } from './opensearch_backend';

type Answer = { status: number; body: unknown };
const ok = (body: unknown): Answer => ({ status: 200, body });
const lost = (body: unknown): Answer => ({ status: 500, body });

/** A backend over `answers` taken in order, per request; records each request's path. */
function backendOver(answers: Answer[]) {
  const paths: string[] = [];
  const client = {
    transport: {
      request: async (params: TransportRequestParams) => {
        paths.push(`${params.method} ${params.path}`);
        if (params.method === 'DELETE') return { body: { succeeded: true }, statusCode: 200 };
        const answer = answers.shift();
        if (answer === undefined) throw new Error(`no answer scripted for ${params.path}`);
        if (answer.status >= 400) {
          // What opensearch-js throws for an error answer (matched by name, as inside OSD).
          throw Object.assign(new Error('Response Error'), {
            name: 'ResponseError',
            meta: { statusCode: answer.status, body: answer.body },
          });
        }
        return { body: answer.body, statusCode: answer.status };
      },
    },
  };
  const backend = new OpenSearchBackend(new OpenSearchGateway(client), ['parents'], {
    termsChunkSize: 65_536,
    keyPageSize: 2,
    bitmapFilter: false,
    bitmapsSupported: async () => false,
  });
  return { backend, paths };
}

const shards = { total: 3, successful: 3, failed: 0 };

describe('OpenSearchBackend while a node leaves', () => {
  it('counts again when the count lost its node, whole or in some shards', async () => {
    const { backend, paths } = backendOver([
      lost(ALL_SHARDS_LOST),
      ok({ ...PARTIAL_SEARCH, count: 3 }),
      ok({ count: 5, _shards: shards }),
    ]);
    await expect(backend.count({ match_all: {} })).resolves.toBe(5);
    expect(paths).toEqual(Array(3).fill('POST /parents/_count'));
  });

  it('reads a field’s type and a composite page again', async () => {
    const { backend } = backendOver([
      lost(SEND_REQUEST_NOT_CONNECTED),
      ok({ fields: { id: { long: {} } } }),
    ]);
    await expect(backend.fieldType('id')).resolves.toBe('long');

    const keys = backendOver([
      ok({
        _shards: shards,
        aggregations: {
          keys: { after_key: { k: 2 }, buckets: [{ key: { k: 1 } }, { key: { k: 2 } }] },
        },
      }),
      lost(ALL_SHARDS_LOST),
      ok({ _shards: shards, aggregations: { keys: { buckets: [{ key: { k: 3 } }] } } }),
    ]);
    const set = await keys.backend.distinctKeys(
      'id',
      { match_all: {} },
      {
        limit: 10,
        describe: 'the keys',
      }
    );
    expect(keyCount(set)).toBe(3);
  });

  it('opens the point in time of a document read again (issue 20: update_context disconnected)', async () => {
    const { backend, paths } = backendOver([
      lost(PIT_OPEN_DISCONNECTED),
      ok({ pit_id: 'pit-2' }),
      ok({
        _shards: shards,
        pit_id: 'pit-2',
        hits: { hits: [{ _index: 'parents', _id: '1', _source: { id: 1 }, sort: [0, 0] }] },
      }),
    ]);
    const documents = [];
    for await (const document of backend.documents({ match_all: {} }, {})) documents.push(document);
    expect(documents).toEqual([{ _index: 'parents', _id: '1', _source: { id: 1 } }]);
    expect(paths).toEqual([
      'POST /parents/_search/point_in_time',
      'POST /parents/_search/point_in_time',
      'POST /_search',
      'DELETE /_search/point_in_time',
    ]);
  });

  it('answers a 503 naming the node when the node stays gone past the caller’s time', async () => {
    const { backend } = backendOver([lost(PIT_OPEN_DISCONNECTED), lost(PIT_OPEN_DISCONNECTED)]);
    const error = await backend.count({ match_all: {} }, { remainingMs: () => 10 }).catch((e) => e);
    expect(error).toBeInstanceOf(NodeLossError);
    expect(error.status).toBe(503);
    expect(error.reason).toContain('[federation-node-1][127.0.0.1:9312]');
  });
});
