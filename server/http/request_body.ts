import { FederationError } from '../engine/errors';

/** The raw payload as either host hands it over with `parse: false`. */
function payloadText(payload: unknown): string | undefined {
  if (payload === undefined || payload === null) return undefined;
  if (Buffer.isBuffer(payload)) return payload.length === 0 ? undefined : payload.toString('utf8');
  if (typeof payload === 'string') return payload.length === 0 ? undefined : payload;
  return undefined;
}

/** Parses a JSON body; an empty body is `undefined`. Malformed JSON is the caller's mistake. */
export function parseJsonBody(payload: unknown): unknown {
  if (payload !== null && typeof payload === 'object' && !Buffer.isBuffer(payload)) {
    // Already parsed by a host that ignored `parse: false`; accept it as is.
    return Object.keys(payload).length === 0 ? undefined : payload;
  }
  const text = payloadText(payload);
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new FederationError(
      400,
      'parse_exception',
      `request body is not valid JSON: ${(error as Error).message}`
    );
  }
}

/** Parses newline-delimited JSON (`_msearch`, `_bulk`): one JSON value per non-empty line. */
export function parseNdjsonBody(payload: unknown): unknown[] {
  const text = payloadText(payload);
  if (text === undefined) {
    throw new FederationError(400, 'parse_exception', 'request body is required');
  }
  const lines = text.split('\n');
  const values: unknown[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      values.push(JSON.parse(line));
    } catch (error) {
      throw new FederationError(
        400,
        'parse_exception',
        `line ${index + 1} of the request body is not valid JSON: ${(error as Error).message}`
      );
    }
  });
  return values;
}
