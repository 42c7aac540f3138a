import { Client } from '@opensearch-project/opensearch';
import { createServer } from 'http';
import type { AddressInfo } from 'net';
import { FederationEngine } from '../engine/federation_engine';
import { FederationRuntime } from '../engine/federation_runtime';
import { OpenSearchGateway } from '../engine/opensearch/opensearch_gateway';
import { IndexSavedQueryStore } from '../engine/saved_queries/index_saved_query_store';
import { parseSettings, type FederationSettings } from '../engine/settings';
import { errorBody } from '../engine/error_body';
import type { Logger } from '../http/route';
import type { HandlerContext } from '../http/router_contract';
import { registerRoutes } from '../routes';
import { hostPolicy, refusedHost } from './allowed_hosts';
import { consoleLogger } from './console_logger';
import { sendJson, StandaloneRouter } from './router';
import { createStaticUiHandler } from './static_ui';

export interface StandaloneServerOptions {
  port: number;
  host?: string;
  openSearchUrl: string;
  /** The built browser app (`build/public/standalone`). */
  uiDir: string;
  settings?: FederationSettings;
  logger?: Logger;
  /**
   * Names served besides the bound address and loopback names (`FEDERATION_ALLOWED_HOSTS`;
   * allowed_hosts.ts): a request with any other `Host` is refused (DNS rebinding).
   */
  allowedHosts?: string[];
}

export interface StandaloneServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The standalone host: the same route modules as inside OSD, registered on our implementation of
 * OSD's router contract, plus the built UI. OpenSearch calls carry the caller's `Authorization`
 * header, so a secured cluster sees the real user, as `asCurrentUser` does inside OSD.
 */
export async function startStandaloneServer(
  options: StandaloneServerOptions
): Promise<StandaloneServer> {
  const logger = options.logger ?? consoleLogger();
  const settings = options.settings ?? parseSettings({});
  // The client's defaults (30 s, 3 retries) would let an OpenSearch that stopped answering hold
  // a request for two minutes; one retry still covers a keep-alive socket the server closed.
  const internalClient = new Client({
    node: options.openSearchUrl,
    requestTimeout: settings.openSearchRequestTimeoutMs,
    maxRetries: 1,
  });

  const contextFor = (req: { headers: Record<string, string | string[] | undefined> }) => {
    const authorization = req.headers.authorization;
    const asCurrentUser =
      typeof authorization === 'string'
        ? internalClient.child({ headers: { authorization } })
        : internalClient;
    return {
      core: { opensearch: { client: { asCurrentUser, asInternalUser: internalClient } } },
    } as HandlerContext;
  };

  const runtime = new FederationRuntime(internalClient, settings);
  const router = new StandaloneRouter(contextFor, logger, {
    maxBodyBytes: settings.maxRequestBytes,
  });
  // No saved objects here: saved queries live in a hidden system index, kept by the server.
  const savedQueries = new IndexSavedQueryStore(new OpenSearchGateway(internalClient));
  registerRoutes(router, {
    engineFor: (context) =>
      new FederationEngine(runtime, context.core.opensearch.client.asCurrentUser, context.scope),
    savedQueriesFor: () => savedQueries,
    settings,
    logger,
  });
  const staticUi = createStaticUiHandler(options.uiDir);

  // Set once the socket is bound (its address and port decide); no request arrives before.
  let servesHost: (host: string | undefined) => boolean = () => false;
  const server = createServer((req, res) => {
    void (async () => {
      try {
        // Every answer, API and app alike: the content type sent is the only one to read.
        res.setHeader('x-content-type-options', 'nosniff');
        if (!servesHost(req.headers.host)) {
          sendJson(res, 403, refusedHost(req.headers.host));
          return;
        }
        if (await router.handle(req, res)) return;
        if (await staticUi(req, res)) return;
        const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
        sendJson(
          res,
          404,
          errorBody(
            404,
            'resource_not_found_exception',
            `no handler found for uri [${pathname}] and method [${req.method}]`,
            {}
          )
        );
      } catch (error) {
        logger.error(error instanceof Error ? error : String(error));
        if (!res.headersSent) {
          sendJson(
            res,
            500,
            errorBody(500, 'internal_server_error', 'An internal server error occurred.', {})
          );
        } else {
          res.destroy();
        }
      }
    })();
  });
  // Requests Node refuses before any route runs (a URL or headers over its size limit, broken
  // HTTP) still get OpenSearch's error format rather than a bare status line.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify(
      errorBody(
        status,
        tooLarge ? 'too_long_http_header_exception' : 'illegal_argument_exception',
        tooLarge
          ? 'the request line and headers are larger than this host accepts; send long values in the body'
          : 'the request is not valid HTTP',
        {}
      )
    );
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        'content-type: application/json; charset=utf-8\r\n' +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
    );
  });
  // Bounded waits: a client that stalls while sending cannot hold a socket forever.
  server.requestTimeout = 5 * 60_000;
  server.headersTimeout = 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  servesHost = hostPolicy(address, options.allowedHosts);
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await runtime.close();
      await internalClient.close();
    },
  };
}
