/** The zone the server assumes when a datasource names none (docs/api/interface.md §2.1). */
export const DEFAULT_TIME_ZONE = 'UTC';

let cached: readonly string[] | null = null;

/**
 * The IANA zones this browser knows, UTC first. `Intl.supportedValuesOf` lists canonical zones
 * only, and some engines leave UTC out of it, so it is added.
 */
export function timeZoneNames(): readonly string[] {
  if (cached) return cached;
  const supported =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  cached = [DEFAULT_TIME_ZONE, ...supported.filter((zone) => zone !== DEFAULT_TIME_ZONE)];
  return cached;
}
