import { indexExpressionProblem } from '../../../common/index_names';
import { FederationError } from '../errors';
import { OpenSearchGateway, opensearchPath } from '../opensearch/opensearch_gateway';
import { definedParams, type QueryParams } from './query_params';

export interface SearchRequest {
  /** The index expression from the path; absent for `/svc/_search`. */
  index?: string;
  body?: Record<string, unknown>;
  /** URL parameters, forwarded as OpenSearch would read them. */
  params: QueryParams;
}

/**
 * Answers `_search`. Plain searches (no join, no virtual index) go to OpenSearch unchanged and its
 * response comes back unchanged: the engine only steps in where federation is needed.
 */
export class SearchService {
  constructor(private readonly openSearch: OpenSearchGateway) {}

  async search(request: SearchRequest): Promise<unknown> {
    if (request.index !== undefined) assertIndexExpression(request.index);
    const path =
      request.index === undefined ? '/_search' : opensearchPath(request.index, '_search');
    return this.openSearch.request({
      method: 'POST',
      path,
      body: request.body,
      querystring: definedParams(request.params),
    });
  }
}

export function assertIndexExpression(expression: string): void {
  const problem = indexExpressionProblem(expression);
  if (problem !== null) {
    throw new FederationError(
      400,
      'invalid_index_name_exception',
      `Invalid index name [${expression}], ${problem}`,
      { index: expression }
    );
  }
}
