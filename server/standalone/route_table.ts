import type { RouteMethod } from '../http/router_contract';

/**
 * Matches request paths against hapi-style route paths (`/svc/{index}/_search`, `/ui/{file*}`).
 * As in hapi, a literal segment wins over a parameter, and a parameter over a catch-all.
 */
interface Segment {
  kind: 'literal' | 'param' | 'rest';
  value: string;
}

export interface RouteMatch<T> {
  entry: T;
  params: Record<string, string>;
}

interface CompiledRoute<T> {
  method: RouteMethod;
  path: string;
  segments: Segment[];
  entry: T;
}

export class RouteTable<T> {
  private readonly routes: CompiledRoute<T>[] = [];

  add(method: RouteMethod, path: string, entry: T): void {
    if (!path.startsWith('/')) throw new Error(`Route path must be absolute: ${path}`);
    if (this.routes.some((r) => r.method === method && r.path === path)) {
      throw new Error(`Route ${method.toUpperCase()} ${path} is already registered`);
    }
    this.routes.push({ method, path, segments: compile(path), entry });
  }

  /** All methods registered for a path, for 405 answers. */
  methodsFor(pathname: string): RouteMethod[] {
    const parts = split(pathname);
    return this.routes.filter((r) => score(r.segments, parts) !== null).map((r) => r.method);
  }

  match(method: RouteMethod, pathname: string): RouteMatch<T> | null {
    const parts = split(pathname);
    let best: { route: CompiledRoute<T>; rank: number[] } | null = null;
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const rank = score(route.segments, parts);
      if (rank !== null && (best === null || compareRank(rank, best.rank) > 0)) {
        best = { route, rank };
      }
    }
    if (best === null) return null;
    return { entry: best.route.entry, params: extractParams(best.route.segments, parts) };
  }
}

function compile(path: string): Segment[] {
  return split(path).map((part) => {
    const param = /^\{(\w+)(\*)?\}$/.exec(part);
    if (!param) return { kind: 'literal', value: part };
    return { kind: param[2] ? 'rest' : 'param', value: param[1] };
  });
}

function split(path: string): string[] {
  const trimmed = path.replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.split('/');
}

/** Per segment: 3 literal, 2 param, 1 rest; null when the route does not match at all. */
function score(segments: Segment[], parts: string[]): number[] | null {
  const rank: number[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment.kind === 'rest') {
      rank.push(1);
      return rank;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.kind === 'literal') {
      if (part !== segment.value) return null;
      rank.push(3);
    } else {
      if (part === '') return null;
      rank.push(2);
    }
  }
  return parts.length === segments.length ? rank : null;
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

function extractParams(segments: Segment[], parts: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  segments.forEach((segment, i) => {
    if (segment.kind === 'param') params[segment.value] = decodeURIComponent(parts[i]);
    if (segment.kind === 'rest')
      params[segment.value] = parts.slice(i).map(decodeURIComponent).join('/');
  });
  return params;
}
