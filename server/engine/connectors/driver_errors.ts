/** Reading what a driver threw: its code, its text, and what Node's network codes mean. */

export function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A driver error's text, passed on as is. Nothing is scrubbed from it: the drivers get the
 * password only as a config field and never put it in a message (pg keeps it non-enumerable,
 * mysql2 and tedious never format it, the servers never echo it), while replacing a password's
 * text wherever it occurs mangled messages and, by where the stars fell, revealed a short one.
 * The one place a credential did reach messages, the jdbc.url quoted in our own 400s, is handled
 * where the URL is parsed (jdbc/parse_context.ts: no 400 about a URL quotes a part of it that
 * may hold a credential).
 */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Network-level failures reaching a host, as Node reports them. */
export const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'ECONNRESET',
  'EPIPE',
]);

export function networkDetail(code: string, fallback: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (is the server running and listening on that port?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ETIMEDOUT':
      return 'the connection timed out';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the host is unreachable';
    default:
      return fallback;
  }
}
