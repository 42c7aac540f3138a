import { indexExpressionProblem } from '../../../common/index_names';
import { FederationError } from '../errors';

/** Refuses index expressions that would break the request path, as OpenSearch names them. */
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
