/**
 * The fetch options of a search on virtual indices, the ones OpenSearch Dashboards' SearchSource
 * sends with every Discover and document-view request (docs/api/osd_apps_on_virtual_indices.md):
 * `stored_fields`, `docvalue_fields`, `script_fields`, `version` and `highlight`. Each is read
 * here into what the page needs; what cannot be answered as OpenSearch answers it is a 400.
 */
import { FederationError, badRequest } from '../../errors';

/** One `docvalue_fields` entry: a column name and the format its values are printed in. */
export interface DocValueField {
  field: string;
  format?: string;
}

/** `highlight`, reduced to what a keyword column's fragment depends on. */
export interface HighlightRequest {
  preTag: string;
  postTag: string;
  /** Field names and `*` patterns of `highlight.fields`. */
  fields: string[];
}

export interface FetchOptions {
  /**
   * `stored_fields`: null when absent. No column of a virtual index is a stored field, so the
   * list only decides whether `_source` is returned (as in OpenSearch: only when `_source` is
   * asked for explicitly or listed here).
   */
  storedFields: string[] | null;
  docvalueFields: DocValueField[];
  /** `version: true`: each hit carries `_version: 1`, as the `_doc` route answers. */
  version: boolean;
  highlight: HighlightRequest | null;
  /** Whether `_source` was given (body or URL): with `stored_fields`, only then is it returned. */
  sourceRequested: boolean;
}

/** The body keys and URL parameters read here: a search without any needs no FetchOptions. */
export const FETCH_BODY_KEYS = [
  'stored_fields',
  'docvalue_fields',
  'script_fields',
  'version',
  'highlight',
] as const;
export const FETCH_URL_PARAMETERS = ['stored_fields', 'docvalue_fields', 'version'] as const;

type Params = Record<string, string | string[] | undefined>;

function param(params: Params, name: string): string | undefined {
  const value = params[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body's fetch options and their URL forms (`stored_fields`, `docvalue_fields`, `version`). */
export function parseFetchOptions(
  body: Record<string, unknown>,
  params: Params,
  sourceRequested: boolean
): FetchOptions {
  checkScriptFields(body.script_fields);
  const urlStored = param(params, 'stored_fields');
  const storedFields = parseStoredFields(
    urlStored === undefined ? body.stored_fields : urlStored.split(',')
  );
  const urlDocvalues = param(params, 'docvalue_fields');
  const docvalueFields = [
    ...parseDocvalueFields(body.docvalue_fields),
    ...(urlDocvalues === undefined
      ? []
      : urlDocvalues
          .split(',')
          .filter(Boolean)
          .map((field) => checkedName({ field }))),
  ];
  return {
    storedFields,
    docvalueFields,
    version: booleanOption('version', param(params, 'version') ?? body.version),
    highlight: parseHighlight(body.highlight),
    sourceRequested,
  };
}

/** OSD sends `script_fields: {}` when the index pattern has no scripted field. */
function checkScriptFields(value: unknown): void {
  if (value === undefined || value === null) return;
  if (!isObject(value)) {
    throw new FederationError(
      400,
      'parsing_exception',
      'Expected [START_OBJECT] in [script_fields]'
    );
  }
  if (Object.keys(value).length > 0) {
    throw badRequest(
      `[script_fields] is not supported in searches on virtual indices: scripts do not run there; leave [script_fields] empty (OpenSearch Dashboards sends it empty unless the index pattern has scripted fields)`
    );
  }
}

function booleanOption(name: string, value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 'false') return false;
  if (value === true || value === 'true' || value === '') return true;
  throw badRequest(`[${name}] must be true or false, got [${String(value)}]`);
}

function parseStoredFields(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  const names = Array.isArray(value) ? value : [value];
  if (!names.every((n): n is string => typeof n === 'string')) {
    throw new FederationError(
      400,
      'parsing_exception',
      'Expected [VALUE_STRING] in [stored_fields] but found another token'
    );
  }
  if (names.includes('_none_')) {
    throw badRequest(
      `[stored_fields: "_none_"] is not supported in searches on virtual indices: their hits always carry [_id]; use [_source: false] to leave the documents out`
    );
  }
  return names;
}

function parseDocvalueFields(value: unknown): DocValueField[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw new FederationError(
      400,
      'parsing_exception',
      'Expected [START_ARRAY] in [docvalue_fields]'
    );
  }
  return value.map((entry): DocValueField => {
    if (typeof entry === 'string') return checkedName({ field: entry });
    if (!isObject(entry) || typeof entry.field !== 'string') {
      throw new FederationError(
        400,
        'parsing_exception',
        '[docvalue_fields] entries must be a field name or {"field": name, "format": format}'
      );
    }
    for (const key of Object.keys(entry)) {
      if (key !== 'field' && key !== 'format') {
        throw new FederationError(
          400,
          'parsing_exception',
          `[field_and_format] unknown field [${key}]`
        );
      }
    }
    if (entry.format !== undefined && entry.format !== null && typeof entry.format !== 'string') {
      throw new FederationError(
        400,
        'parsing_exception',
        '[format] of [docvalue_fields] must be a string'
      );
    }
    const format =
      typeof entry.format === 'string' && entry.format !== 'use_field_mapping'
        ? entry.format
        : undefined;
    return checkedName(
      format === undefined ? { field: entry.field } : { field: entry.field, format }
    );
  });
}

/**
 * A pattern would also reach OpenSearch's metadata fields (`*` matches `_routing`, whose
 * docvalues OpenSearch refuses), so only column names are taken.
 */
function checkedName(entry: DocValueField): DocValueField {
  if (entry.field.includes('*')) {
    throw badRequest(
      `[docvalue_fields] pattern [${entry.field}] is not supported on virtual indices; name each column`
    );
  }
  return entry;
}

const HIGHLIGHT_KEYS = new Set([
  'pre_tags',
  'post_tags',
  'fields',
  'fragment_size',
  'number_of_fragments',
  'require_field_match',
  'type',
  'encoder',
]);

/**
 * `highlight`. A virtual index's text columns are keyword fields: OpenSearch highlights such a
 * field as one token, so its fragment is the whole value in the tags whatever `fragment_size`
 * and `number_of_fragments` say (checked against OpenSearch 3.6). Options that change what is
 * highlighted or how it is written are a 400.
 */
function parseHighlight(value: unknown): HighlightRequest | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) {
    throw new FederationError(400, 'parsing_exception', '[highlight] must be an object');
  }
  for (const [key, option] of Object.entries(value)) {
    if (!HIGHLIGHT_KEYS.has(key)) {
      throw badRequest(
        `[highlight.${key}] is not supported in searches on virtual indices; a highlight there takes [${[...HIGHLIGHT_KEYS].join('], [')}]`
      );
    }
    if (key === 'require_field_match' && option !== true && option !== 'true') {
      throw badRequest(
        `[highlight.require_field_match: ${JSON.stringify(option)}] is not supported on virtual indices; leave it out`
      );
    }
    if (key === 'type' && option !== 'unified') {
      throw badRequest(
        `[highlight.type: ${JSON.stringify(option)}] is not supported on virtual indices; only the default [unified] highlighter is`
      );
    }
    if (key === 'encoder' && option !== 'default') {
      throw badRequest(
        `[highlight.encoder: ${JSON.stringify(option)}] is not supported on virtual indices; only [default] is`
      );
    }
  }
  return {
    preTag: firstTag(value.pre_tags, 'pre_tags', '<em>'),
    postTag: firstTag(value.post_tags, 'post_tags', '</em>'),
    fields: highlightFields(value.fields),
  };
}

function firstTag(value: unknown, name: string, fallback: string): string {
  if (value === undefined) return fallback;
  const tags = Array.isArray(value) ? value : [value];
  if (tags.length === 0 || !tags.every((t): t is string => typeof t === 'string')) {
    throw new FederationError(
      400,
      'parsing_exception',
      `[highlight.${name}] must be a list of strings`
    );
  }
  return tags[0];
}

/** `fields` as an object or a list of one-field objects, each field's options empty. */
function highlightFields(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const entries = Array.isArray(value) ? value : [value];
  const names: string[] = [];
  for (const entry of entries) {
    if (!isObject(entry)) {
      throw new FederationError(400, 'parsing_exception', '[highlight.fields] must be an object');
    }
    for (const [name, options] of Object.entries(entry)) {
      if (!isObject(options)) {
        throw new FederationError(
          400,
          'parsing_exception',
          `[highlight.fields.${name}] must be an object`
        );
      }
      for (const key of Object.keys(options)) {
        if (key !== 'fragment_size' && key !== 'number_of_fragments') {
          throw badRequest(
            `[highlight.fields.${name}.${key}] is not supported on virtual indices; a highlighted field there takes [fragment_size] and [number_of_fragments]`
          );
        }
      }
      names.push(name);
    }
  }
  return names;
}
