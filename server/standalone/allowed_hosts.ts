/**
 * Which `Host` headers the standalone host answers. A web page can point a name it controls at
 * 127.0.0.1 (DNS rebinding) and then drive a host listening there with the page's own origin:
 * read saved queries, write them, delete datasources. The browser still sends the page's name as
 * `Host`, so answering only the names this host is really reached by stops it (issue 20, item 9).
 * Inside OSD, Dashboards' own `server.host`/proxy setup is in charge; this is standalone only.
 *
 * Served, always with the bound port: the bound address; for a loopback bind `localhost`,
 * `127.0.0.1` and `[::1]`; for a bind to every interface (`0.0.0.0`, `::`) those, the machine's
 * host name and its interfaces' addresses. Besides them the names of `FEDERATION_ALLOWED_HOSTS`
 * (comma list): `name` serves that name on any port (behind a proxy the port is the proxy's),
 * `name:port` on that port only, `*` every name (no protection: only behind a proxy that checks).
 */
import { hostname, networkInterfaces } from 'os';
import type { OpenSearchErrorBody } from '../../common/opensearch_error';
import { errorBody } from '../engine/error_body';

/** The environment variable that adds names. */
export const ALLOWED_HOSTS_VARIABLE = 'FEDERATION_ALLOWED_HOSTS';

/** The names of `FEDERATION_ALLOWED_HOSTS`, or undefined when it is unset or empty. */
export function allowedHostsFromEnv(env: NodeJS.ProcessEnv): string[] | undefined {
  const names = (env[ALLOWED_HOSTS_VARIABLE] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return names.length === 0 ? undefined : names;
}

interface Authority {
  /** Lower case; an IPv6 address keeps its brackets. */
  name: string;
  /** Absent when the header names no port. */
  port?: number;
}

/** `Host` (or a configured entry) read as name and port; null when it is neither. */
function authority(text: string): Authority | null {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(text.trim());
  if (match === null) return null;
  return {
    name: match[1].toLowerCase(),
    ...(match[2] === undefined ? {} : { port: Number(match[2]) }),
  };
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** How an address is written in a `Host` header: IPv6 in brackets. */
function asHostName(address: string): string {
  return address.includes(':') ? `[${address.toLowerCase()}]` : address.toLowerCase();
}

function isLoopback(address: string): boolean {
  return address === '::1' || /^127\./.test(address) || address === 'localhost';
}

function isWildcard(address: string): boolean {
  return address === '0.0.0.0' || address === '::';
}

/** The names this machine answers to on every interface (a wildcard bind). */
function ownNames(): string[] {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .flatMap((info) => (info === undefined ? [] : [info.address.replace(/%.*$/, '')]));
  return [hostname(), ...addresses];
}

/**
 * Whether a request's `Host` header names this host. `bound` is the listening socket's address
 * and port (`server.address()`), `configured` the extra names.
 */
export function hostPolicy(
  bound: { address: string; port: number },
  configured: readonly string[] = []
): (host: string | undefined) => boolean {
  if (configured.includes('*')) return () => true;
  const ownPort = new Set<string>([asHostName(bound.address)]);
  if (isLoopback(bound.address) || isWildcard(bound.address)) {
    for (const name of LOOPBACK_NAMES) ownPort.add(name);
  }
  if (isWildcard(bound.address)) for (const name of ownNames()) ownPort.add(asHostName(name));
  const anyPort = new Set<string>();
  const exact = new Set<string>();
  for (const entry of configured) {
    const parsed = authority(entry);
    if (parsed === null) continue;
    if (parsed.port === undefined) anyPort.add(parsed.name);
    else exact.add(`${parsed.name}:${parsed.port}`);
  }
  return (host) => {
    if (host === undefined) return false;
    const parsed = authority(host);
    if (parsed === null) return false;
    // No port in `Host` means the scheme's default: 80 for the plain HTTP this host serves.
    const port = parsed.port ?? 80;
    return (
      (ownPort.has(parsed.name) && port === bound.port) ||
      anyPort.has(parsed.name) ||
      exact.has(`${parsed.name}:${port}`)
    );
  };
}

/** The answer to a request for a name this host does not serve: a 403 naming it and the variable. */
export function refusedHost(host: string | undefined): OpenSearchErrorBody {
  return errorBody(
    403,
    'security_exception',
    `this host does not serve the name [${host ?? ''}] (the request's Host header): it answers ` +
      `only to its own address and names; to reach it by this name, add the name to ` +
      `${ALLOWED_HOSTS_VARIABLE} (a comma list)`,
    {}
  );
}
