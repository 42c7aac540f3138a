export type QueryParams = Record<string, string | string[] | undefined>;

/** URL parameters to forward to OpenSearch, without the absent ones. */
export function definedParams(params: QueryParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) out[key] = value;
  return out;
}

/** `preference` as a URL parameter: passed to every search a call makes, absent when not given. */
export function preferenceParam(preference: string | undefined): { preference?: string } {
  return preference === undefined ? {} : { preference };
}
