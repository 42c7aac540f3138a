export type QueryParams = Record<string, string | string[] | undefined>;

/** URL parameters to forward to OpenSearch, without the absent ones. */
export function definedParams(params: QueryParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) out[key] = value;
  return out;
}
