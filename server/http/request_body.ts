import { FederationError } from '../engine/errors';
import { assertNesting, DEFAULT_NESTING_LIMITS, type NestingLimits } from './body_nesting';

/** The raw payload as either host hands it over with `parse: false`. */
function payloadText(payload: unknown): string | undefined {
  if (payload === undefined || payload === null) return undefined;
  if (Buffer.isBuffer(payload)) return payload.length === 0 ? undefined : payload.toString('utf8');
  if (typeof payload === 'string') return payload.length === 0 ? undefined : payload;
  return undefined;
}

/** Parses a JSON body; an empty body is `undefined`. Malformed JSON is the caller's mistake. */
export function parseJsonBody(
  payload: unknown,
  limits: NestingLimits = DEFAULT_NESTING_LIMITS
): unknown {
  if (payload !== null && typeof payload === 'object' && !Buffer.isBuffer(payload)) {
    // Already parsed by a host that ignored `parse: false`; accept it as is.
    if (Object.keys(payload).length === 0) return undefined;
    assertNesting(payload, limits);
    return payload;
  }
  const text = payloadText(payload);
  if (text === undefined || text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new FederationError(
      400,
      'parse_exception',
      `request body is not valid JSON: ${(error as Error).message}`
    );
  }
  // Checked once, here, before any recursive walk (joins, query translation, OpenSearch).
  assertNesting(value, limits);
  return value;
}

/** Parses newline-delimited JSON (`_msearch`, `_bulk`): one JSON value per non-empty line. */
export function parseNdjsonBody(
  payload: unknown,
  limits: NestingLimits = DEFAULT_NESTING_LIMITS
): unknown[] {
  const text = payloadText(payload);
  if (text === undefined) {
    throw new FederationError(400, 'parse_exception', 'request body is required');
  }
  const lines = text.split('\n');
  const values: unknown[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new FederationError(
        400,
        'parse_exception',
        `line ${index + 1} of the request body is not valid JSON: ${(error as Error).message}`
      );
    }
    assertNesting(value, limits, `line ${index + 1} of the request body`);
    values.push(value);
  });
  return values;
}
