/**
 * Node side of the OSD page's Discover and panel stand-ins (osd_host_search_pages.ts): OSD's data
 * plugin, as the double in test/osd/data_plugin.ts, with our server plugin set up inside the OSD
 * harness (test/osd/osd_harness.ts) so that its `opensearch` strategy is our wrapper
 * (server/osd/search_strategy.ts); the page's `POST /internal/search/opensearch` is answered by
 * it, as the current user (the test bed's client), exactly as the integration test
 * (server/osd_search_strategy.integration.test.ts) drives it.
 */
import { Client } from '@opensearch-project/opensearch';
import { tmpdir } from 'os';
import type { Page } from 'playwright-core';
import type { HandlerContext } from '../../../server/http/router_contract';
import { plugin } from '../../../server/index';
import { openSearchUrl } from '../../bed/context';
import { createOsdHarness, type OsdHarness } from '../../osd/osd_harness';

export interface OsdSearchRoute {
  harness: OsdHarness;
  context: HandlerContext;
  /** Calls one of the plugin's routes inside the harness (e.g. to create a virtual index). */
  call(
    method: 'put' | 'delete',
    path: string,
    params: object,
    body?: unknown
  ): Promise<{ status: number; body: unknown }>;
  /** Serves the page's `/internal/search/opensearch` from the data plugin double. */
  route(page: Page, origin: string): Promise<void>;
  close(): Promise<void>;
}

export async function startOsdSearchRoute(): Promise<OsdSearchRoute> {
  const client = new Client({ node: openSearchUrl() });
  const context = {
    core: { opensearch: { client: { asCurrentUser: client, asInternalUser: client } } },
  } as HandlerContext;
  // SQLite files of the test live in the temporary directory, which the plugin must allow.
  const harness = createOsdHarness({ enabled: true, sqliteDirectories: [tmpdir()] });
  const instance = plugin(harness.initializerContext);
  await instance.setup(harness.core, { data: harness.data.setup });
  instance.start(
    { opensearch: { client: { asInternalUser: client } } },
    { data: harness.data.start }
  );
  return {
    harness,
    context,
    call: (method, path, params, body) =>
      harness.invoke(
        method,
        path,
        { params, body: body === undefined ? null : Buffer.from(JSON.stringify(body)) },
        context
      ),
    async route(page, origin) {
      await page.route(
        (url) => url.origin === origin && url.pathname === '/internal/search/opensearch',
        async (route) => {
          const request = route.request().postDataJSON() as Record<string, unknown>;
          const answer = await harness.data.postSearch('opensearch', request, context);
          await route.fulfill({
            status: answer.status,
            contentType: 'application/json',
            body: JSON.stringify(answer.body),
          });
        }
      );
    },
    async close() {
      await instance.stop();
      await client.close();
    },
  };
}
