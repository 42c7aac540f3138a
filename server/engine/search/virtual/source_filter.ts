import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { SourceFilter } from './search_body';

/** The columns `_source` shows, after OpenSearch-style include/exclude patterns. */
export function sourceColumns(
  columns: VirtualIndexColumn[],
  filter: SourceFilter
): VirtualIndexColumn[] {
  if (filter === false) return [];
  const included =
    filter.includes.length === 0
      ? columns
      : columns.filter((c) => matchesAny(c.name, filter.includes));
  return included.filter((c) => !matchesAny(c.name, filter.excludes));
}

function matchesAny(name: string, patterns: string[]): boolean {
  return patterns.some((pattern) => globToRegExp(pattern).test(name));
}

export function globToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+^${}()|[\]\\?]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}
