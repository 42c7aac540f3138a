import type { StoredVirtualIndex, VirtualIndexService } from '../catalog/virtual_index_service';
import { badRequest, notFound } from '../errors';

export type ResolvedTarget =
  | { kind: 'opensearch'; expression: string }
  /** `names` are distinct and every one of them is a key of `definitions`. */
  | { kind: 'virtual'; names: string[]; definitions: Map<string, StoredVirtualIndex> };

/** The answer for an API that reads one index by its exact name (`_doc`, `_mget` entries). */
export type ResolvedIndex =
  { kind: 'opensearch' } | { kind: 'virtual'; name: string; definition: StoredVirtualIndex };

/**
 * Decides who answers an index expression. Names given exactly are looked up in the catalog;
 * patterns never match virtual indices (they are skipped, as for a closed index), so an
 * expression with wildcards goes to OpenSearch. Naming virtual and normal indices together is
 * refused.
 */
export class IndexResolver {
  constructor(private readonly virtualIndices: VirtualIndexService) {}

  /**
   * Starts the catalog reads of every index a request names (its own and its joins'), so that
   * each resolve after it finds its names read: one round trip instead of one per join level.
   */
  prefetch(expressions: string[]): void {
    this.virtualIndices.prefetch(expressions.flatMap((e) => exactNames(splitIndexExpression(e))));
  }

  async resolve(expression: string): Promise<ResolvedTarget> {
    const names = splitIndexExpression(expression);
    const definitions = await this.virtualIndices.lookup(exactNames(names));
    if (definitions.size === 0) return { kind: 'opensearch', expression };
    // A name OpenSearch could never hold (empty, or with a space) is missing, as OpenSearch says.
    const impossible = names.find((n) => n === '' || /\s/.test(n));
    if (impossible !== undefined) throw noSuchIndex(impossible);
    const others = names.filter((n) => !definitions.has(n));
    if (others.length > 0) {
      throw badRequest(
        `a request cannot mix virtual indices [${[...definitions.keys()].join(', ')}] with other indices [${others.join(', ')}]; send one request for the virtual indices and another for the rest`,
        { index: expression }
      );
    }
    return { kind: 'virtual', names: [...new Set(names)], definitions };
  }

  /**
   * Single-index APIs take the path segment as one literal name, as OpenSearch does: `a,b`,
   * `a,` or `a ` name no index (OpenSearch answers them with its own 404), never a list.
   */
  async resolveOne(name: string): Promise<ResolvedIndex> {
    const definition = (await this.virtualIndices.lookup([name])).get(name);
    return definition === undefined
      ? { kind: 'opensearch' }
      : { kind: 'virtual', name, definition };
  }
}

/** The names of an expression that name one index exactly (no pattern, exclusion or `_all`). */
function exactNames(names: string[]): string[] {
  return names.filter((n) => !/[*?]/.test(n) && !n.startsWith('-') && n !== '_all');
}

/**
 * An index expression's names as OpenSearch splits it (Java's `String.split(",")`): names are
 * not trimmed, trailing empty names are dropped and other empty names are kept.
 */
export function splitIndexExpression(expression: string): string[] {
  const names = expression.split(',');
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  return names;
}

/** OpenSearch's answer for a name that matches no index. */
export function noSuchIndex(name: string) {
  return notFound('index_not_found_exception', `no such index [${name}]`, {
    index: name,
    'resource.id': name,
    'resource.type': 'index_or_alias',
    index_uuid: '_na_',
  });
}
