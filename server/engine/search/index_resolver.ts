import type { StoredVirtualIndex, VirtualIndexService } from '../catalog/virtual_index_service';
import { badRequest } from '../errors';

export type ResolvedTarget =
  | { kind: 'opensearch'; expression: string }
  | { kind: 'virtual'; names: string[]; definitions: Map<string, StoredVirtualIndex> };

/**
 * Decides who answers an index expression. Names given exactly are looked up in the catalog;
 * patterns never match virtual indices (spec §7: they are silently skipped), so an expression
 * with wildcards goes to OpenSearch. Naming virtual and normal indices together is refused.
 */
export class IndexResolver {
  constructor(private readonly virtualIndices: VirtualIndexService) {}

  async resolve(expression: string): Promise<ResolvedTarget> {
    const names = expression
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n !== '');
    const exact = names.filter((n) => !/[*?]/.test(n) && !n.startsWith('-') && n !== '_all');
    const definitions = await this.virtualIndices.lookup(exact);
    if (definitions.size === 0) return { kind: 'opensearch', expression };
    const others = names.filter((n) => !definitions.has(n));
    if (others.length > 0) {
      throw badRequest(
        `a request cannot mix virtual indices [${[...definitions.keys()].join(', ')}] with other indices [${others.join(', ')}]`,
        { index: expression }
      );
    }
    return { kind: 'virtual', names: [...new Set(names)], definitions };
  }
}
