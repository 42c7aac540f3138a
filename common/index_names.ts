/**
 * OpenSearch's index-name rules (MetadataCreateIndexService.validateIndexOrAliasName and
 * validateIndexName), checked before a name reaches OpenSearch or a catalog entry.
 */
const FORBIDDEN_CHARACTERS = ['\\', '/', '*', '?', '"', '<', '>', '|', ' ', ',', '#', ':'];
const MAX_INDEX_NAME_BYTES = 255;

/** Returns why `name` is not a valid concrete index name, or null when it is. */
export function indexNameProblem(name: string): string | null {
  if (name.length === 0) return 'must not be empty';
  if (name !== name.toLowerCase()) return 'must be lowercase';
  const bad = FORBIDDEN_CHARACTERS.find((c) => name.includes(c));
  if (bad !== undefined) {
    return `must not contain the following characters [${FORBIDDEN_CHARACTERS.join(', ')}]`;
  }
  if (/^[-_+]/.test(name)) return "must not start with '_', '-', or '+'";
  if (name === '.' || name === '..') return "must not be '.' or '..'";
  // TextEncoder, not Buffer: this runs in the browser too (the app checks names as you type).
  const bytes = new TextEncoder().encode(name).length;
  if (bytes > MAX_INDEX_NAME_BYTES) {
    return `index name is too long, (${bytes} > ${MAX_INDEX_NAME_BYTES})`;
  }
  return null;
}

/**
 * Returns why `expression` is not a usable index expression (a comma list of names, patterns,
 * `-exclusions` and `_all`), or null. Every name is sent to OpenSearch as one encoded path
 * segment, so no character can break the request path; and OpenSearch's multi-index APIs answer
 * a name it could never hold (`idx `, `IDX`, `a#b`, `a/b`) with 404 `index_not_found_exception`,
 * not with a 400, so such names are left for it (or the resolver) to answer in its own words.
 * Only an empty expression, which names no path segment at all, is refused here.
 */
export function indexExpressionProblem(expression: string): string | null {
  if (expression.length === 0) return 'must not be empty';
  return null;
}
