/**
 * The shortest-path benchmark's baseline (bench/shortest.ts): a bidirectional breadth-first
 * search written by hand, as an expert would against the same index or table, with the same
 * answer as the engine's `ANY SHORTEST` (one row per pair of ends, its hops and node ids):
 * read both node sets whole, then level by level the side with the smaller frontier, one
 * request per level (`id IN parents OR parent IN ids`, two fields only), and once the sides
 * meet, per source a breadth-first search over what was read; stop when every pair has a path
 * within the hops read (a tree: one shortest path per pair), else go on to 5 hops; then read the
 * nodes between the ends whole, by id, in one request.
 */
import type pg from 'pg';
import { osJson } from './join_data';
import { quote } from './million_row_table';

export type PathRow = [number, number, number, number[]];

interface Node {
  id: number;
  parent: number;
}

/** The reads the search makes, on OpenSearch or PostgreSQL. */
export interface NodeStore {
  /** The documents of one role, whole. */
  role(role: 'src' | 'dst'): Promise<Node[]>;
  /** `id` and `parent` of the nodes whose id is in `parents` or whose parent is in `ids`. */
  level(ids: number[], parents: number[]): Promise<Node[]>;
  /** The nodes of `ids`, whole. */
  whole(ids: number[]): Promise<Node[]>;
}

export function openSearchStore(url: string, index: string): NodeStore {
  const search = async (query: unknown, source: string[] | true) => {
    const r = await osJson<{ hits: { hits: Array<{ _source: Node }> } }>(
      url,
      'POST',
      `/${index}/_search`,
      { size: 10_000, query, _source: source, track_total_hits: false }
    );
    return r.hits.hits.map((h) => h._source);
  };
  return {
    role: (role) => search({ term: { role } }, true),
    level: (ids, parents) =>
      search(
        {
          bool: {
            should: [{ terms: { id: parents } }, { terms: { parent: ids } }],
            minimum_should_match: 1,
          },
        },
        ['id', 'parent']
      ),
    whole: (ids) => search({ terms: { id: ids } }, true),
  };
}

export function postgresStore(client: pg.Client, table: string): NodeStore {
  const t = quote(table);
  const rows = async (sql: string, params: unknown[]) =>
    (await client.query(sql, params)).rows.map((r) => ({
      ...r,
      id: Number(r.id),
      parent: Number(r.parent),
    }));
  return {
    role: (role) => rows(`SELECT * FROM ${t} WHERE role = $1`, [role]),
    level: (ids, parents) =>
      rows(
        `SELECT id, parent FROM ${t} WHERE id = ANY($1::bigint[]) OR parent = ANY($2::bigint[])`,
        [parents, ids]
      ),
    whole: (ids) => rows(`SELECT * FROM ${t} WHERE id = ANY($1::bigint[])`, [ids]),
  };
}

interface Side {
  seen: Set<number>;
  frontier: number[];
  levels: number;
}

/** Every pair's shortest path within `max` hops, sorted by its ends. */
export async function bidirectionalShortest(store: NodeStore, max = 5): Promise<PathRow[]> {
  const [sources, targets] = await Promise.all([store.role('src'), store.role('dst')]);
  const parentOf = new Map<number, number>();
  const children = new Map<number, number[]>();
  const learn = (node: Node) => {
    if (parentOf.has(node.id)) return;
    parentOf.set(node.id, node.parent);
    const list = children.get(node.parent);
    if (list) list.push(node.id);
    else children.set(node.parent, [node.id]);
  };
  [...sources, ...targets].forEach(learn);
  const forward: Side = {
    seen: new Set(sources.map((n) => n.id)),
    frontier: sources.map((n) => n.id),
    levels: 0,
  };
  const backward: Side = {
    seen: new Set(targets.map((n) => n.id)),
    frontier: targets.map((n) => n.id),
    levels: 0,
  };
  const neighbours = (id: number) => {
    const out = [...(children.get(id) ?? [])];
    const parent = parentOf.get(id);
    if (parent !== undefined && parentOf.has(parent)) out.push(parent);
    return out;
  };
  const search = (within: number) => {
    const found: Array<{ from: number; to: number; between: number[] }> = [];
    const wanted = new Set(targets.map((n) => n.id));
    for (const source of sources) {
      const before = new Map<number, number>([[source.id, source.id]]);
      let frontier = [source.id];
      for (let level = 1; level <= within && frontier.length > 0; level++) {
        const next: number[] = [];
        for (const id of frontier) {
          for (const n of neighbours(id)) {
            if (before.has(n)) continue;
            before.set(n, id);
            next.push(n);
            if (wanted.has(n)) {
              const between: number[] = [];
              for (let at = before.get(n)!; at !== source.id; at = before.get(at)!)
                between.unshift(at);
              found.push({ from: source.id, to: n, between });
            }
          }
        }
        frontier = next;
      }
    }
    return found;
  };
  let met = false;
  let found: ReturnType<typeof search> | null = null;
  while (forward.levels + backward.levels < max) {
    if (forward.frontier.length === 0 || backward.frontier.length === 0) break;
    const side = forward.frontier.length <= backward.frontier.length ? forward : backward;
    const other = side === forward ? backward : forward;
    const parents = side.frontier.map((id) => parentOf.get(id)!);
    const read = await store.level(side.frontier, parents);
    read.forEach(learn);
    side.frontier = read.map((n) => n.id).filter((id) => !side.seen.has(id));
    side.frontier.forEach((id) => side.seen.add(id));
    side.levels++;
    met ||= side.frontier.some((id) => other.seen.has(id));
    if (!met) continue;
    found = search(forward.levels + backward.levels);
    if (found.length === sources.length * targets.length) break;
    found = null;
  }
  found ??= search(max);
  const middle = [...new Set(found.flatMap((f) => f.between))];
  const whole = new Map((middle.length > 0 ? await store.whole(middle) : []).map((n) => [n.id, n]));
  return found
    .map((f): PathRow => [
      f.from,
      f.to,
      f.between.length + 1,
      [f.from, ...f.between.map((id) => whole.get(id)!.id), f.to],
    ])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}
