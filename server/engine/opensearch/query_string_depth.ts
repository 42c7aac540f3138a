import { FederationError } from '../errors';

/**
 * How deeply a `query_string` text nests its groups. OpenSearch parses the text recursively and
 * its node dies of a stack overflow on a few thousand nested parentheses, so every query string
 * we forward (search bodies, `?q=`, graph node patterns) is measured first. Each group is a
 * nested boolean query, so it counts against the same limit as nested compound queries.
 */
export function queryStringGroupDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++; // An escaped character is literal, parentheses and quotes included.
      continue;
    }
    if (c === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (c === '(') deepest = Math.max(deepest, ++depth);
    else if (c === ')') depth = Math.max(0, depth - 1);
  }
  return deepest;
}

/**
 * Refuses a `query_string` text whose groups, with the `outer` compound queries around it, nest
 * deeper than `maxQueryDepth`: each group is a nested boolean query.
 */
export function assertQueryStringDepth(
  text: string,
  outer: number,
  maxQueryDepth: number,
  where: string
): void {
  if (outer + queryStringGroupDepth(text) > maxQueryDepth) {
    throw new FederationError(
      400,
      'illegal_argument_exception',
      `The nested depth of the query exceeds the maximum nested depth for queries [${maxQueryDepth}] in the query_string text in ${where}: nest fewer parenthesised groups (the limit is the setting maxQueryDepth)`
    );
  }
}
