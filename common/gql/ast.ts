/**
 * The GQL syntax tree, shared by the server (planning) and the app (editor markers, completion).
 * Every node carries the source range it was parsed from, so errors point at what the user wrote.
 */

/** Offsets are 0-based UTF-16 indices into the query text (`end` exclusive); lines and columns 1-based. */
export interface SourceRange {
  start: number;
  end: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface Identifier {
  /** The name, unquoted (`` `a b` `` gives `a b`). */
  name: string;
  range: SourceRange;
}

/**
 * A graph query in either form, which mean the same and compile to the same plan:
 * - `select`: `[EXPLAIN] SELECT ... FROM "graph" MATCH ... [WHERE ...] [ORDER BY ...] [LIMIT n]
 *   [OFFSET n]`;
 * - `match` (ISO GQL, openCypher): `[EXPLAIN] MATCH ... [WHERE ...] [MATCH ... [WHERE ...]] RETURN
 *   [DISTINCT] item [AS name], ... [ORDER BY ...] [SKIP|OFFSET n] [LIMIT n]`, whose graph is the
 *   request's model (`graph` holds no name then). Its clauses' WHERE conditions are ANDed, and
 *   node property maps `(c:Company {country: 'FR'})` are conditions of that WHERE.
 */
export interface GqlStatement {
  form: 'select' | 'match';
  explain: boolean;
  distinct: boolean;
  items: SelectItem[];
  /** `FROM "<graph>"` (the select form; empty when it could not be read); absent in the match form. */
  graph?: { name: string; range: SourceRange };
  /** Comma-separated path patterns; they share variables. */
  patterns: PathPattern[];
  where?: Expression;
  /**
   * The match form's `OPTIONAL MATCH` clauses, in order, after every MATCH (`patterns` is empty
   * when one comes first): each keeps the rows before it, extended by its matches or with its
   * new variables null (Cypher's semantics). Its WHERE (and its nodes' property maps) filter its
   * matches, never the rows. Absent when none.
   */
  optional?: OptionalMatch[];
  orderBy: OrderItem[];
  limit?: { value: number; range: SourceRange };
  offset?: { value: number; range: SourceRange };
  range: SourceRange;
}

/** `OPTIONAL MATCH patterns [WHERE condition]`. */
export interface OptionalMatch {
  patterns: PathPattern[];
  where?: Expression;
  range: SourceRange;
}

export interface SelectItem {
  expression: Expression;
  /**
   * The response's `header` entry, which ORDER BY items are matched against: the item exactly as
   * written, or its alias (`RETURN c.name AS name`).
   */
  text: string;
  /** `AS name` (the MATCH … RETURN form). */
  alias?: Identifier;
  range: SourceRange;
}

export interface OrderItem {
  expression: Expression;
  /** As written, without ASC/DESC: matched against the select items' `text`. */
  text: string;
  descending: boolean;
  range: SourceRange;
}

/**
 * One path: node groups joined by edges (`edges.length === nodes.length - 1`). A group is one or
 * more node patterns written side by side, `(x:Student) (y:Professor)`, which denote one node.
 */
export interface PathPattern {
  nodes: NodePattern[][];
  edges: EdgePattern[];
  range: SourceRange;
  /** `p = (a)-[:R]->{1,3}(b)`: the path variable (RETURN p, length(p), nodes(p)). */
  variable?: Identifier;
  /**
   * A shortest-path search: GQL's `ANY SHORTEST` / `ALL SHORTEST` before the pattern, or
   * Cypher's `shortestPath(...)` / `allShortestPaths(...)` around it (the same meaning).
   */
  shortest?: { mode: 'any' | 'all'; range: SourceRange };
}

/** `(v:Label {key: value, ...} WHERE "query string")`, every part optional. */
export interface NodePattern {
  variable?: Identifier;
  /** The label; with `:A&B` (or Cypher's `:A:B`) the first, with `:A|B` absent. */
  label?: Identifier;
  /**
   * `(n:A|B)`: a document of any of these entities (at least two; `label` is absent). The
   * server runs one plan per alternative and unites their rows (label_alternatives.ts).
   */
  labelAlternatives?: Identifier[];
  /** `(n:A&B)`, `(n:A:B)`: the labels after the first, as if written side by side `(n:A) (n:B)`. */
  moreLabels?: Identifier[];
  /** `{key: value, ...}`: each an equality the node's document must satisfy (parseGql adds them to WHERE). */
  properties?: PropertyEquality[];
  /** The OpenSearch `query_string` text, unquoted (escapes resolved). */
  where?: { query: string; range: SourceRange };
  range: SourceRange;
}

export interface PropertyEquality {
  key: Identifier;
  value: Expression;
  range: SourceRange;
}

/**
 * `-[e:REL]->`, `<-[:REL]-`, `-[:REL]-`, bare `->`, `<-`, `-`, optionally followed by a bounded
 * quantifier `{min,max}` (or `{n}`, meaning `{n,n}`), or with Cypher's bounds inside the
 * brackets, `-[:REL*min..max]->` (`*n`, `*..max`), which mean the same.
 */
export interface EdgePattern {
  variable?: Identifier;
  /** The relation label; absent with `:R|S`. */
  label?: Identifier;
  /** `-[:R|S]->`: any of these relations (at least two; `label` is absent), as nodes' `:A|B`. */
  labelAlternatives?: Identifier[];
  /** `right`: from the left node to the right one; `left`: the reverse; `undirected`: either. */
  direction: 'right' | 'left' | 'undirected';
  quantifier?: { min: number; max: number; range: SourceRange };
  range: SourceRange;
}

export type ComparisonOperator = '=' | '<>' | '<' | '<=' | '>' | '>=';
/** `COLLECT` answers a list per group (Cypher's `collect`; docs/api/graph_queries.md). */
export type AggregateFunction = 'COUNT' | 'SUM' | 'AVG' | 'MIN' | 'MAX' | 'COLLECT';

export type Expression =
  /** `v.a.b`: a field of the document bound to `v` (dotted paths reach into objects). */
  | { kind: 'property'; variable: Identifier; path: string[]; range: SourceRange }
  /** `v`: the whole document (`_index`, `_id`, `_source`). */
  | { kind: 'variable'; variable: Identifier; range: SourceRange }
  /** `'text'`, numbers, `true`, `false`, `null`. */
  | { kind: 'literal'; value: string | number | boolean | null; range: SourceRange }
  /** `[lit, lit, ...]`, the right side of `IN`. */
  | { kind: 'list'; items: Expression[]; range: SourceRange }
  | {
      kind: 'comparison';
      operator: ComparisonOperator;
      left: Expression;
      right: Expression;
      range: SourceRange;
    }
  | { kind: 'and' | 'or'; left: Expression; right: Expression; range: SourceRange }
  | { kind: 'not'; operand: Expression; range: SourceRange }
  | { kind: 'in'; operand: Expression; list: Expression; negated: boolean; range: SourceRange }
  | { kind: 'isNull'; operand: Expression; negated: boolean; range: SourceRange }
  | { kind: 'startsWith'; operand: Expression; prefix: Expression; range: SourceRange }
  /** `length(p)` / `path_length(p)` (hops) and `nodes(p)` over a path variable. */
  | { kind: 'pathFunction'; function: 'length' | 'nodes'; path: Identifier; range: SourceRange }
  /**
   * `[n IN nodes(p) WHERE condition | projection]` (both parts optional): `where` and
   * `projection` read only `n`. Walks (expression_walk.ts) do not enter it: `n` is no node of
   * the pattern.
   */
  | {
      kind: 'listComprehension';
      variable: Identifier;
      path: Identifier;
      where?: Expression;
      projection?: Expression;
      range: SourceRange;
    }
  /** `COUNT(*)` has no argument. */
  | {
      kind: 'aggregate';
      function: AggregateFunction;
      distinct: boolean;
      argument: Expression | null;
      range: SourceRange;
    };

export interface GqlSyntaxError {
  /** What is wrong, e.g. `expected one of ['MATCH'] but found [WHERE]`. */
  message: string;
  range: SourceRange;
  /** Token names or literal texts that would have been accepted here. */
  expected: string[];
}

export interface GqlParseResult {
  /** Null only when nothing could be recovered; with errors, a best-effort tree for the editor. */
  statement: GqlStatement | null;
  errors: GqlSyntaxError[];
}
