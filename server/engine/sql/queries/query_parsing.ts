/**
 * The parsing rules and errors of OpenSearch's query parsers, as every query translator reads
 * its body.
 */
import { FederationError, badRequest } from '../../errors';

export function parsingError(reason: string): FederationError {
  return new FederationError(400, 'parsing_exception', reason);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function expectObject(queryName: string, body: unknown): Record<string, unknown> {
  if (!isObject(body)) {
    throw parsingError(`[${queryName}] query malformed, no start_object after query name`);
  }
  return body;
}

/** `case_insensitive` and other flags: a JSON boolean or its text, as OpenSearch accepts. */
export function booleanFlag(value: unknown): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false' || value === undefined) return false;
  throw badRequest(
    `Failed to parse value [${String(value)}] as only [true] or [false] are allowed.`
  );
}

export interface SingleFieldQuery {
  field: string;
  value: unknown;
  /** The long form's other keys (`case_insensitive`, `boost`, ...). */
  options: Record<string, unknown>;
}

/**
 * The `{field: value}` / `{field: {value: ..., options}}` shape of term, prefix, wildcard and
 * match. `valueKeys` name the long form's value (wildcard also takes `wildcard`); keys outside
 * `allowed` are refused as OpenSearch refuses them.
 */
export function singleField(
  queryName: string,
  body: unknown,
  valueKeys: readonly string[],
  allowed: readonly string[]
): SingleFieldQuery {
  const entries = Object.entries(expectObject(queryName, body));
  if (entries.length === 0 || entries[0][0] === '') {
    throw badRequest('field name is null or empty');
  }
  if (entries.length > 1) {
    throw parsingError(
      `[${queryName}] query doesn't support multiple fields, found [${entries[0][0]}] and [${entries[1][0]}]`
    );
  }
  const [field, spec] = entries[0];
  if (Array.isArray(spec))
    throw parsingError(`[${queryName}] query does not support array of values`);
  if (!isObject(spec)) return { field, value: checkValue(queryName, spec), options: {} };
  let value: unknown;
  const options: Record<string, unknown> = {};
  for (const [key, option] of Object.entries(spec)) {
    if (valueKeys.includes(key)) value = option;
    else if (key === 'boost' || key === '_name' || allowed.includes(key)) options[key] = option;
    else throw parsingError(`[${queryName}] query does not support [${key}]`);
  }
  return { field, value: checkValue(queryName, value), options };
}

function checkValue(queryName: string, value: unknown): unknown {
  if (value === undefined || value === null) {
    throw badRequest(`[${queryName}] query requires a value for its field`);
  }
  if (typeof value === 'object') {
    throw parsingError(`[${queryName}] query does not support a value of ${JSON.stringify(value)}`);
  }
  return value;
}
