/** GQL for Federation: parser, syntax tree and editor helpers, shared by server and app. */
export * from './ast';
export {
  parseGql,
  MAX_EXPRESSION_DEPTH,
  MAX_PARENTHESES_DEPTH,
  MAX_QUERY_LENGTH,
  MAX_REPORTED_ERRORS,
  propertyEqualities,
} from './parse';
export { GQL_KEYWORDS, type GqlKeyword } from './tokens';
export { gqlTokens, type GqlToken, type GqlTokenKind } from './highlight';
export { completionContext, type GqlCompletionContext } from './completion';
export { formatGqlError } from './format_error';
