/**
 * OpenSearch becoming unreachable under a running standalone host (through a loopback proxy):
 * searches on normal and virtual indices answer a clear 503 (refused) or 504 (no answer, within
 * the configured request timeout), in OpenSearch's error format, and the host recovers by itself
 * once OpenSearch is back.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseSettings } from '../../server/engine/settings';
import { startStandaloneServer, type StandaloneServer } from '../../server/standalone/server';
import { openSearchClient, openSearchUrl, uniqueName } from '../bed/context';
import { startFaultProxy, type FaultProxy } from '../bed/fault_proxy';
import { TEST_ENCRYPTION_KEY } from '../support/in_process_host';

const REQUEST_TIMEOUT_MS = 1_000;
/** One retry: at most two request timeouts, plus slack. */
const BOUND_MS = 2 * REQUEST_TIMEOUT_MS + 1_500;

describe('OpenSearch unreachable under the standalone host', () => {
  let proxy: FaultProxy;
  let server: StandaloneServer;
  const index = uniqueName('fault-os');

  const search = async () => {
    const started = Date.now();
    const response = await fetch(`${server.url}/svc/${index}/_search`, {
      method: 'POST',
      headers: { 'osd-xsrf': 'true', 'content-type': 'application/json' },
      body: JSON.stringify({ query: { match_all: {} } }),
    });
    return { status: response.status, body: await response.json(), ms: Date.now() - started };
  };

  const expectFailure = (response: Awaited<ReturnType<typeof search>>, status: number) => {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.body).toMatchObject({
      error: { root_cause: [expect.any(Object)], type: expect.any(String) },
      status,
    });
    expect(response.body.error.reason).toMatch(/OpenSearch/);
    expect(response.ms).toBeLessThan(BOUND_MS);
  };

  const expectFound = async () => {
    const response = await search();
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.hits.hits.map((h: { _id: string }) => h._id)).toEqual(['1']);
  };

  beforeAll(async () => {
    await openSearchClient().index({ index, id: '1', body: { n: 1 }, refresh: true });
    const target = new URL(openSearchUrl());
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 9200) });
    const uiDir = mkdtempSync(path.join(tmpdir(), 'federation-ui-'));
    writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html>');
    server = await startStandaloneServer({
      port: 0,
      openSearchUrl: `http://${proxy.host}:${proxy.port}`,
      uiDir,
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      settings: parseSettings({
        encryptionKey: TEST_ENCRYPTION_KEY,
        openSearchRequestTimeoutMs: REQUEST_TIMEOUT_MS,
      }),
    });
  });

  afterEach(async () => {
    await proxy.resume();
  });

  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await openSearchClient()
      .indices.delete({ index })
      .catch(() => undefined);
  });

  it('answers 503 while OpenSearch refuses connections, then recovers', async () => {
    await expectFound();
    proxy.reset();
    await proxy.refuse();
    expectFailure(await search(), 503);
    expectFailure(await search(), 503);
    await proxy.resume();
    await expectFound();
  }, 20_000);

  it('answers 504 within the request timeout while OpenSearch does not answer, then recovers', async () => {
    await expectFound();
    proxy.blackHole();
    expectFailure(await search(), 504);
    proxy.reset();
    await proxy.resume();
    await expectFound();
  }, 20_000);

  it('answers 503 when connections are reset, then recovers', async () => {
    await expectFound();
    await proxy.refuse();
    proxy.reset();
    expectFailure(await search(), 503);
    await proxy.resume();
    await expectFound();
  }, 20_000);
});
