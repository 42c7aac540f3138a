import { indexNameProblem } from '../../../common/index_names';
import { isSystemIndexName, SYSTEM_INDEX_PREFIX } from '../../../common/system_indices';
import { strings } from './strings';

/**
 * Why `id` cannot name a virtual index, in the server's terms (its id check is
 * VirtualIndexService's: OpenSearch's index-name rules, and not one of the plugin's own
 * indices), or null when it can.
 */
export function virtualIndexIdProblem(id: string): string | null {
  if (isSystemIndexName(id)) return strings.idProblem(strings.idSystem(SYSTEM_INDEX_PREFIX));
  const problem = indexNameProblem(id);
  return problem === null ? null : strings.idProblem(problem);
}
