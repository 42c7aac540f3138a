/**
 * OpenSearch's `filter_path` URL parameter, applied to every `/svc` answer in one place.
 *
 * OpenSearch's own clients send it (the JS client's `helpers.search` asks for
 * `hits.hits._source`), and a virtual index, a join or a graph answer is built here rather than
 * by OpenSearch, so the route cuts the response itself; the engine never sees the parameter and
 * reads whole responses. The rules are OpenSearch's: comma-separated dotted paths, `*` within a
 * name, `**` for any depth, arrays passed through, a leading `-` excluding (excludes first, then
 * includes), parts left empty dropped, `{}` when nothing matches. Error bodies are not cut: a
 * filter written for the answer would otherwise leave an error without its reason.
 */

export interface FilterPath {
  include: Segment[][];
  exclude: Segment[][];
}

/** One dotted part: a name pattern, or `**` (any number of levels). */
type Segment = { any: true } | { any: false; matches: (name: string) => boolean };

/** Reads the parameter (a value, or a list when repeated); null when it filters nothing. */
export function parseFilterPath(raw: string | string[] | undefined): FilterPath | null {
  if (raw === undefined) return null;
  const expressions = (Array.isArray(raw) ? raw.join(',') : raw)
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '' && e !== '-');
  if (expressions.length === 0) return null;
  const filter: FilterPath = { include: [], exclude: [] };
  for (const expression of expressions) {
    const excluded = expression.startsWith('-');
    const path = (excluded ? expression.slice(1) : expression).split('.').map(segment);
    (excluded ? filter.exclude : filter.include).push(path);
  }
  return filter;
}

function segment(text: string): Segment {
  if (text === '**') return { any: true };
  if (!text.includes('*')) return { any: false, matches: (name) => name === text };
  const pattern = new RegExp(
    `^${text
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    's'
  );
  return { any: false, matches: (name) => pattern.test(name) };
}

/** The response as OpenSearch would send it with this filter. */
export function applyFilterPath(value: unknown, filter: FilterPath): unknown {
  const kept = filter.exclude.length > 0 ? excluding(value, filter.exclude) : value;
  if (filter.include.length === 0) return kept;
  return including(kept, filter.include) ?? {};
}

/**
 * The filters still to match below a field named `name`, and whether one of them ended there
 * (the field is matched whole). `**` matches here and stays, or matches nothing and is skipped.
 */
function step(paths: Segment[][], name: string): { whole: boolean; below: Segment[][] } {
  let whole = false;
  const below: Segment[][] = [];
  const visit = (path: Segment[]) => {
    if (path.length === 0) return;
    const [first, ...rest] = path;
    if (first.any) {
      below.push(path);
      visit(rest);
    } else if (first.matches(name)) {
      if (rest.length === 0) whole = true;
      else below.push(rest);
    }
  };
  paths.forEach(visit);
  return { whole, below };
}

/** What the include paths keep of `value`; undefined when nothing. */
function including(value: unknown, paths: Segment[][]): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => including(item, paths)).filter((i) => i !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const out: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(value)) {
    const { whole, below } = step(paths, name);
    const kept = whole ? child : below.length > 0 ? including(child, below) : undefined;
    if (kept !== undefined) out[name] = kept;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `value` without what the exclude paths name. */
function excluding(value: unknown, paths: Segment[][]): unknown {
  if (Array.isArray(value)) return value.map((item) => excluding(item, paths));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(value)) {
    const { whole, below } = step(paths, name);
    if (whole) continue;
    out[name] = below.length > 0 ? excluding(child, below) : child;
  }
  return out;
}
