/** The jdbc.url being read, its `key=value` properties, and the 400s about it that never quote it. */
import { badRequest, type FederationError } from '../../errors';
import type { ConnectorKind } from '../connector';
import { SUPPORTED_TEXT } from './driver_table';
import type { JdbcConfig } from './jdbc_config';

export interface ParseContext {
  url: string;
  /** The URL after its `jdbc:<subprotocol>:` prefix. */
  rest: string;
  jdbc: JdbcConfig;
  kind: ConnectorKind;
}

/** One `key=value` of a URL query or of SQL Server's property list. */
export interface UrlProperty {
  /** Decoded, trimmed and lower-cased: the drivers match keys case-insensitively. */
  key: string;
  /** Decoded and trimmed, in the user's case: for messages. */
  name: string;
  value: string;
  /** 1-based, so that a message can point at a property without quoting its text. */
  position: number;
  /** The property as written, to rebuild a URL without some of its properties. */
  raw: string;
}

/**
 * A 400 for a URL that cannot be read. It never quotes the URL, and `problem` quotes only parts
 * that cannot hold a credential (parameter names, values of non-secret parameters): in a
 * malformed URL a password may stand anywhere, so parts are named by role and position.
 */
export function malformed(context: ParseContext, problem: string): FederationError {
  return badRequest(`jdbc.url is malformed: ${problem}; ${SUPPORTED_TEXT}`);
}

export function decode(context: ParseContext, text: string, what: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // Never echo the text: it may be the password.
    throw malformed(context, `${what} has an invalid percent-encoding`);
  }
}

export function parseBoolean(context: ParseContext, key: string, value: string): boolean {
  const lower = value.trim().toLowerCase();
  if (lower === 'true' || lower === 'yes') return true;
  if (lower === 'false' || lower === 'no') return false;
  throw malformed(context, `parameter [${key}] must be true or false, got [${value}]`);
}
