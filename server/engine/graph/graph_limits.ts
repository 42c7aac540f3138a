/** The settings that bound one graph query (settings.ts names each one). */
export interface GraphLimits {
  /** Most rows in a response; more gives `truncated: true` (setting maxGraphRows). */
  maxRows: number;
  /** Most distinct keys carried across one edge (setting maxGraphFrontierKeys). */
  maxFrontierKeys: number;
  /** Most documents fetched for one node (setting maxGraphDocuments). */
  maxDocuments: number;
  /** Highest upper bound of a quantifier `{m,n}` (setting maxGraphHops). */
  maxHops: number;
  /** How long one graph query may take (setting graphTimeoutMs). */
  timeoutMs: number;
  /** Deepest nesting of a node's query string groups (setting maxQueryDepth). */
  maxQueryDepth: number;
  /** Most steps of the quantified edges' path walks together (setting maxGraphPathSteps). */
  maxPathSteps: number;
  /** Most groups of an aggregate query (setting maxGraphGroups). */
  maxGroups: number;
  /** Most distinct values held by DISTINCT aggregates (setting maxGraphAggregateValues). */
  maxAggregateValues: number;
  /** Largest OFFSET + LIMIT, as OpenSearch bounds from + size (setting maxResultWindow). */
  maxResultWindow: number;
  /** Bounds of the model itself (settings maxGraphModelEntities, ...Relations, ...Bytes). */
  model: { maxEntities: number; maxRelations: number; maxBytes: number };
}
