/**
 * Valid `POST /svc/_graph` requests over the fuzz world (docs/api/graph_queries.md; docs/api/semantics.md): a
 * random graph model with one entity per index of the world (the normal index and each virtual
 * index) whose relations join the data's integer fields, and a random GQL query that is valid for
 * that model by construction. Bare arrows are written only where one relation fits, labels are
 * left out only where an edge names the relation and its other end is labelled, and merged nodes
 * only share a label or an index, so an unmutated request must always answer 2xx.
 */
import type { Prng } from '../differential/prng';
import type { FieldType } from '../differential/table_spec';
import {
  doubleQuoted,
  keywordText,
  nameText,
  numberText,
  stringText,
  variableText,
} from './gql_text';
import type { FuzzWorld, RequestPlan } from './valid_requests';

export interface GraphEnd {
  entity: string;
  field?: string;
}

export interface GraphModelJson {
  label: string;
  entities: Array<{ label: string; indices: string[]; id?: string }>;
  relations: Array<{ label: string; from: GraphEnd; to: GraphEnd }>;
}

export interface GraphBody {
  model: GraphModelJson;
  query: string;
}

/** Graph, entity and relation names: keywords, spaces, backquotes and unicode among them. */
const GRAPH_NAMES = ['fuzz', 'Fuzz graph', 'say "hi"', 'back\\slash', 'ünï 日本', 'MATCH'];
const ENTITY_NAMES = [
  'Row',
  'Item',
  'Doc',
  'Thing',
  'Match',
  'Order',
  'count',
  'Row set',
  'Ünï',
  'a`b',
  'x-y',
  'Ω',
  '_under',
  'UPPER',
];
const RELATION_NAMES = [
  'R',
  'links',
  'next',
  'MENTIONS',
  'Where',
  'Limit',
  'rel x',
  'ré',
  'same_n',
  'knows',
  'In',
  'a`r',
];
const VARIABLE_NAMES = [
  'a',
  'b',
  'c',
  'x',
  'y',
  'v1',
  'selection',
  'order_by',
  '_v',
  'match',
  'skip',
  'two words',
  'ünï',
  'a`b',
];
/** Most hops a generated quantifier allows: under maxGraphHops and quick on the fuzz data. */
const MAX_QUANTIFIER = 3;

interface Entity {
  label: string;
  index: string;
}

interface Relation {
  label: string;
  from: string;
  to: string;
}

/** One node of the pattern: what the binder will make of it. */
interface NodeState {
  entity: string;
  /** Every label the node ends up with (its entity, and a merged partner's). */
  labels: Set<string>;
  variables: string[];
  /** The node's first pattern, as written (the label may be left out). */
  head: { variable?: string; where?: string; writeLabel: boolean };
  /** Patterns written beside the head: `(b:Row)`, `(b)`, `(:Row WHERE "...")`. */
  partners: string[];
}

interface EdgeState {
  relation: Relation;
  left: number;
  right: number;
  direction: 'right' | 'left' | 'undirected';
  variable?: string;
  bare: boolean;
  quantifier?: string;
}

/** A random graph model over the world: entities on every index, relations on integer fields. */
export function graphModel(random: Prng, world: FuzzWorld): GraphModelJson {
  const indices = [world.normal, ...Object.values(world.virtual)];
  const chosen = random.chance(0.7)
    ? indices
    : random.sample(indices, random.int(1, indices.length));
  const labels = random.sample(ENTITY_NAMES, chosen.length + 1);
  const entities: GraphModelJson['entities'] = chosen.map((index, i) => ({
    label: labels[i],
    indices: [index],
    ...(random.chance(0.5) ? { id: world.pool.key } : {}),
  }));
  // A second entity on the normal index, so `(x:A) (y:B)` can name one document twice.
  if (chosen.includes(world.normal) && random.chance(0.3))
    entities.push({ label: labels[chosen.length], indices: [world.normal] });
  const joinable = integerFields(world);
  const relationLabels = random.sample(RELATION_NAMES, random.int(1, 5));
  const relations = relationLabels.map((label) => {
    const from = random.pick(entities).label;
    // Self-relations often: quantifiers need them, and undirected edges treat them specially.
    const to = random.chance(0.4) ? from : random.pick(entities).label;
    const end = (entity: string): GraphEnd => {
      const field = random.pick([...joinable, undefined]);
      return field === undefined ? { entity } : { entity, field };
    };
    return { label, from: end(from), to: end(to) };
  });
  return { label: random.pick(GRAPH_NAMES), entities, relations };
}

/** The data's integer fields and `_id` (a keyword in OpenSearch that joins numbers, as term does). */
function integerFields(world: FuzzWorld): string[] {
  return [...[...world.pool.types].filter(([, t]) => t === 'long').map(([f]) => f), '_id'];
}

export function graphRequest(random: Prng, world: FuzzWorld): RequestPlan {
  const model = graphModel(random, world);
  const query: Record<string, string> = {};
  if (random.chance(0.3)) query.detailed = random.pick(['true', 'false', '']);
  if (random.chance(0.15)) query.debug = random.pick(['true', '']);
  if (random.chance(0.2)) query.preference = random.pick(['_local', 'fuzz-session', '_only_local']);
  if (random.chance(0.05)) query.error_trace = 'true';
  return {
    params: {},
    query,
    body: { model, query: new QueryWriter(random, world, model).statement() },
    expectSuccess: true,
  };
}

/** Writes one valid GQL statement for a model. */
class QueryWriter {
  private readonly entities: Entity[];
  private readonly relations: Relation[];
  private readonly nodes: NodeState[] = [];
  private readonly edges: EdgeState[] = [];
  private readonly paths: Array<{ nodes: number[]; edges: number[] }> = [];
  private readonly names: string[];
  private readonly fields: Map<string, FieldType>;

  constructor(
    private readonly random: Prng,
    private readonly world: FuzzWorld,
    private readonly model: GraphModelJson
  ) {
    this.entities = model.entities.map((e) => ({ label: e.label, index: e.indices[0] }));
    this.relations = model.relations.map((r) => ({
      label: r.label,
      from: r.from.entity,
      to: r.to.entity,
    }));
    this.names = random.sample(VARIABLE_NAMES, VARIABLE_NAMES.length);
    this.fields = world.pool.types;
  }

  private kw(word: string): string {
    return keywordText(this.random, word);
  }

  private freshVariable(): string {
    return this.names.shift() ?? `v${this.nodes.length}_${this.edges.length}`;
  }

  statement(): string {
    this.pattern();
    const random = this.random;
    const variables = this.nodes.flatMap((n) => n.variables);
    const aggregated = random.chance(0.3);
    const items = aggregated ? this.aggregateItems(variables) : this.plainItems(variables);
    const parts: string[] = [];
    if (random.chance(0.1)) parts.push(this.kw('EXPLAIN'));
    // Both forms (docs/api/graph_queries.md): the same pattern, items and condition.
    const matchForm = random.chance(0.35);
    const distinct = random.chance(0.2);
    const where = random.chance(0.5) ? this.condition(variables, 0) : null;
    const itemList = items.join(random.pick([', ', ',', ' , ']));
    if (matchForm) {
      parts.push(this.kw('MATCH'), this.matchText());
      if (where !== null) parts.push(this.kw('WHERE'), where);
      parts.push(this.kw('RETURN'));
      if (distinct) parts.push(this.kw('DISTINCT'));
      parts.push(itemList);
    } else {
      parts.push(this.kw('SELECT'));
      if (distinct) parts.push(this.kw('DISTINCT'));
      parts.push(itemList);
      parts.push(this.kw('FROM'), doubleQuoted(this.model.label));
      parts.push(this.kw('MATCH'), this.matchText());
      if (where !== null) parts.push(this.kw('WHERE'), where);
    }
    if (random.chance(0.35)) {
      const candidates = aggregated
        ? items
        : [...items, ...variables.map((v) => this.property(v, this.anyField()))];
      const order = random
        .sample(candidates, random.int(1, 2))
        .map((item) => `${item}${random.pick(['', ` ${this.kw('ASC')}`, ` ${this.kw('DESC')}`])}`);
      parts.push(this.kw('ORDER'), this.kw('BY'), order.join(', '));
    }
    const limit = random.chance(0.4) ? String(random.int(0, 30)) : null;
    const offset = random.chance(0.2) ? String(random.int(0, 10)) : null;
    if (matchForm) {
      // SKIP (or OFFSET) comes before LIMIT in this form.
      if (offset !== null) parts.push(this.kw(random.pick(['SKIP', 'OFFSET'])), offset);
      if (limit !== null) parts.push(this.kw('LIMIT'), limit);
    } else {
      if (limit !== null) parts.push(this.kw('LIMIT'), limit);
      if (offset !== null) parts.push(this.kw('OFFSET'), offset);
    }
    let text = parts.map((part) => `${part}${this.separator()}`).join('');
    if (random.chance(0.1)) text += ';';
    return text.trim();
  }

  /** Usually a space; sometimes a newline, a tab or a comment (which the lexer skips). */
  private separator(): string {
    const roll = this.random.next();
    if (roll < 0.85) return ' ';
    if (roll < 0.9) return '\n';
    if (roll < 0.94) return '\t ';
    if (roll < 0.97) return ' /* fuzz */ ';
    return ' -- fuzz\n';
  }

  // ---- MATCH ---------------------------------------------------------------------------------

  private pattern(): void {
    const random = this.random;
    const connected = this.entities.filter((e) =>
      this.relations.some((r) => r.from === e.label || r.to === e.label)
    );
    const hops = connected.length === 0 || random.chance(0.15) ? 0 : random.int(1, 3);
    const start = hops === 0 ? random.pick(this.entities) : random.pick(connected);
    const first = this.addNode(start.label, true);
    const path = { nodes: [first], edges: [] as number[] };
    let at = first;
    for (let i = 0; i < hops; i++) {
      const next = this.walk(at);
      path.nodes.push(next.node);
      path.edges.push(next.edge);
      at = next.node;
    }
    this.paths.push(path);
    // A second, comma-separated pattern: from a named node to a new one, an edge closing a
    // cycle between two named nodes, or (rarely) a node of its own (a cross product).
    const named = this.nodes.map((n, i) => i).filter((i) => this.nodes[i].variables.length > 0);
    const roll = random.next();
    if (roll < 0.15 && hops > 0) {
      const from = random.pick(named);
      if (this.incident(this.nodes[from].entity).length > 0) {
        const next = this.walk(from);
        this.paths.push({ nodes: [from, next.node], edges: [next.edge] });
      }
    } else if (roll < 0.22 && named.length >= 1) {
      const a = random.pick(named);
      const b = random.pick(named);
      const fits = this.relations.filter(
        (r) => r.from === this.nodes[a].entity && r.to === this.nodes[b].entity
      );
      if (fits.length > 0) {
        const edge = this.addEdge(random.pick(fits), a, b, 'right', false);
        this.paths.push({ nodes: [a, b], edges: [edge] });
      }
    } else if (roll < 0.25) {
      const alone = this.addNode(random.pick(this.entities).label, true);
      // Narrowed to one document: the product with the first pattern stays small.
      this.nodes[alone].head.where = this.nodeQuery(true);
      this.paths.push({ nodes: [alone], edges: [] });
    }
    this.decideLabels();
    this.decideBareEdges();
  }

  private incident(entity: string): Relation[] {
    return this.relations.filter((r) => r.from === entity || r.to === entity);
  }

  /** One hop from node `at` over a relation it takes part in, to a new node. */
  private walk(at: number): { node: number; edge: number } {
    const random = this.random;
    const relation = random.pick(this.incident(this.nodes[at].entity));
    const forward =
      relation.from === this.nodes[at].entity &&
      (relation.to !== relation.from || random.chance(0.5));
    const other = forward ? relation.to : relation.from;
    const node = this.addNode(other, random.chance(0.85));
    const direction = random.chance(0.2) ? 'undirected' : forward ? 'right' : 'left';
    const quantified = relation.from === relation.to && random.chance(0.35);
    const edge = this.addEdge(relation, at, node, direction, quantified);
    return { node, edge };
  }

  private addNode(entity: string, named: boolean): number {
    const random = this.random;
    const variable = named || this.nodes.length === 0 ? this.freshVariable() : undefined;
    const node: NodeState = {
      entity,
      labels: new Set([entity]),
      variables: variable === undefined ? [] : [variable],
      head: {
        variable,
        where: random.chance(0.3) ? this.nodeQuery(false) : undefined,
        writeLabel: true,
      },
      partners: [],
    };
    if (random.chance(0.15)) this.mergePartner(node);
    this.nodes.push(node);
    return this.nodes.length - 1;
  }

  /** A pattern beside the node's head: the same label, no label, or another label on its index. */
  private mergePartner(node: NodeState): void {
    const random = this.random;
    const index = this.entities.find((e) => e.label === node.entity)!.index;
    const twins = this.entities.filter((e) => e.index === index && e.label !== node.entity);
    const variable = random.chance(0.6) ? this.freshVariable() : undefined;
    if (variable !== undefined) node.variables.push(variable);
    const v = variable === undefined ? '' : variableText(variable);
    const where = random.chance(0.4) ? ` ${this.kw('WHERE')} ${this.nodeQuery(false)}` : '';
    let label = `:${nameText(node.entity)}`;
    if (twins.length > 0 && random.chance(0.5)) {
      const twin = random.pick(twins).label;
      node.labels.add(twin);
      label = `:${nameText(twin)}`;
    } else if (variable !== undefined && random.chance(0.4)) label = '';
    node.partners.push(`(${v}${label}${where})`);
  }

  private addEdge(
    relation: Relation,
    left: number,
    right: number,
    direction: EdgeState['direction'],
    quantified: boolean
  ): number {
    const random = this.random;
    let quantifier: string | undefined;
    if (quantified && left !== right) {
      const max = random.int(1, MAX_QUANTIFIER);
      const min = random.int(1, max);
      quantifier = min === max && random.chance(0.5) ? `{${max}}` : `{${min},${max}}`;
    }
    const variable = random.chance(0.25) ? this.freshVariable() : undefined;
    this.edges.push({ relation, left, right, direction, variable, bare: false, quantifier });
    return this.edges.length - 1;
  }

  /**
   * Leaves out a node's label where the binder infers it: an edge naming its relation leads to a
   * neighbour whose label is written. That neighbour then keeps its label.
   */
  private decideLabels(): void {
    const keep = new Set<number>([0]);
    this.nodes.forEach((node, i) => {
      if (keep.has(i) || node.partners.length > 0 || !this.random.chance(0.3)) return;
      const teller = this.edges.find((e) => this.tellsLabel(e, i));
      if (teller === undefined) return;
      node.head.writeLabel = false;
      keep.add(teller.left === i ? teller.right : teller.left);
    });
  }

  /**
   * Whether edge `e` (which names its relation) gives node `i` its entity as the binder infers
   * it: the other end is labelled, and the relation fits one way only (or is a self-relation).
   */
  private tellsLabel(e: EdgeState, i: number): boolean {
    if (e.left === e.right || (e.left !== i && e.right !== i)) return false;
    const other = this.nodes[e.left === i ? e.right : e.left];
    if (!other.head.writeLabel) return false;
    const r = e.relation;
    const fits = (n: number, entity: string) => n === i || other.labels.has(entity);
    const forward = e.direction !== 'left' && fits(e.left, r.from) && fits(e.right, r.to);
    const backward = e.direction !== 'right' && fits(e.right, r.from) && fits(e.left, r.to);
    if (forward && backward) return r.from === r.to;
    const inferred = forward ? (e.left === i ? r.from : r.to) : e.left === i ? r.to : r.from;
    return (forward || backward) && inferred === this.nodes[i].entity;
  }

  /** Writes an edge without its relation where exactly one relation fits its ends. */
  private decideBareEdges(): void {
    for (const edge of this.edges) {
      const ends = [this.nodes[edge.left], this.nodes[edge.right]];
      if (!ends.every((n) => n.head.writeLabel) || !this.random.chance(0.35)) continue;
      const fitting = new Set(
        this.relations
          .filter((r) => {
            const fits = (node: NodeState, entity: string) => node.labels.has(entity);
            const forward = fits(ends[0], r.from) && fits(ends[1], r.to);
            const backward = fits(ends[1], r.from) && fits(ends[0], r.to);
            return (
              (edge.direction !== 'left' && forward) || (edge.direction !== 'right' && backward)
            );
          })
          .map((r) => r.label)
      );
      if (fitting.size === 1) edge.bare = true;
    }
  }

  private matchText(): string {
    return this.paths
      .map((path) =>
        path.nodes
          .map(
            (n, i) =>
              (i === 0 ? '' : this.edgeText(this.edges[path.edges[i - 1]])) + this.nodeText(n)
          )
          .join('')
      )
      .join(this.random.pick([', ', ',']));
  }

  /** Every occurrence after the first repeats just the variable. */
  private readonly written = new Set<number>();

  private nodeText(i: number): string {
    const node = this.nodes[i];
    if (this.written.has(i)) {
      // Repeating the label is allowed when it is the variable's own (a partner's may differ).
      const own = node.variables[0] === node.head.variable;
      const label = own && this.random.chance(0.3) ? `:${nameText(node.entity)}` : '';
      return `(${variableText(node.variables[0])}${label})`;
    }
    this.written.add(i);
    const { variable, where, writeLabel } = node.head;
    const v = variable === undefined ? '' : variableText(variable);
    const label = writeLabel ? `:${nameText(node.entity)}` : '';
    const qs = where === undefined ? '' : ` ${this.kw('WHERE')} ${where}`;
    return [`(${v}${label}${qs})`, ...node.partners].join(this.random.pick([' ', '']));
  }

  private edgeText(edge: EdgeState): string {
    const v = edge.variable === undefined ? '' : variableText(edge.variable);
    let inner: string;
    if (edge.bare) inner = v === '' && this.random.chance(0.8) ? '' : `[${v}]`;
    else inner = `[${v}:${nameText(edge.relation.label)}]`;
    const q = edge.quantifier ?? '';
    if (edge.direction === 'right') return inner === '' ? `->${q}` : `-${inner}->${q}`;
    if (edge.direction === 'left') return inner === '' ? `<-${q}` : `<-${inner}-${q}`;
    return inner === '' ? `-${q}` : `-${inner}-${q}`;
  }

  // ---- node query strings (OpenSearch query_string syntax) -----------------------------------

  /** `"n:[1 TO 5] AND k2:alpha"`, quoted for GQL; `narrow` keeps to a few documents. */
  private nodeQuery(narrow: boolean): string {
    const random = this.random;
    const leaf = () => this.queryStringLeaf(narrow);
    let text: string;
    const roll = random.next();
    if (narrow || roll < 0.6) text = leaf();
    else if (roll < 0.75) text = `${leaf()} AND ${leaf()}`;
    else if (roll < 0.88) text = `${leaf()} OR ${leaf()}`;
    else if (roll < 0.94) text = `NOT ${leaf()}`;
    else text = `(${leaf()} OR ${leaf()}) AND NOT ${leaf()}`;
    return doubleQuoted(text);
  }

  private queryStringLeaf(narrow: boolean): string {
    const random = this.random;
    const pool = this.world.pool;
    const value = (field: string) => random.pick(pool.values.get(field)!);
    if (narrow) return `${pool.key}:${termText(value(pool.key))}`;
    switch (random.int(0, 9)) {
      case 0:
        return `${pool.key}:${termText(value(pool.key))}`;
      case 1:
        return `n:${termText(value('n'))}`;
      case 2:
      case 3: {
        const field = random.pick(['n', 'd', pool.key]);
        const [lo, hi] = [value(field), value(field)].sort((x, y) => Number(x) - Number(y));
        const open = random.pick(['[', '{']);
        const close = random.pick([']', '}']);
        const low = random.chance(0.15) ? '*' : String(lo);
        return `${field}:${open}${low} TO ${hi}${close}`;
      }
      case 4:
        return `k2:${value('k2')}`;
      case 5: {
        const k = String(value('k'));
        return k === '' ? '_exists_:k' : `k:${phraseText(k)}`;
      }
      case 6:
        return `b:${value('b')}`;
      case 7: {
        const [lo, hi] = [value('t'), value('t')].map((t) => String(t).slice(0, 10)).sort();
        return `t:[${lo} TO ${hi}]`;
      }
      case 8:
        return `_exists_:${random.pick(['k', 'k2', 'n', 'd', 'b', 't'])}`;
      default:
        return `_id:${termText(value(pool.key))}`;
    }
  }

  // ---- items, conditions ---------------------------------------------------------------------

  private anyField(): string {
    return this.random.pick([...this.fields.keys(), '_id', '_index', 'nope']);
  }

  private property(variable: string, field: string): string {
    return `${variableText(variable)}.${nameText(field)}`;
  }

  private plainItems(variables: string[]): string[] {
    const random = this.random;
    const items: string[] = [];
    for (let i = random.int(1, 4); i > 0; i--) {
      const roll = random.next();
      if (roll < 0.75) items.push(this.property(random.pick(variables), this.anyField()));
      else if (roll < 0.9) items.push(variableText(random.pick(variables)));
      else items.push(random.pick(['1', "'x'", this.kw('TRUE'), '2.5']));
    }
    return items;
  }

  private aggregateItems(variables: string[]): string[] {
    const random = this.random;
    const items: string[] = [];
    for (let i = random.int(0, 2); i > 0; i--)
      items.push(this.property(random.pick(variables), this.anyField()));
    for (let i = random.int(1, 2); i > 0; i--) items.push(this.aggregate(variables));
    return random.sample(items, items.length);
  }

  private aggregate(variables: string[]): string {
    const random = this.random;
    const v = random.pick(variables);
    const distinct = random.chance(0.3) ? `${this.kw('DISTINCT')} ` : '';
    const numeric = [...this.fields]
      .filter(([, t]) => t === 'long' || t === 'double')
      .map(([f]) => f);
    switch (random.int(0, 5)) {
      case 0:
        return `${this.kw('COUNT')}(*)`;
      case 1:
        return `${this.kw('COUNT')}(${distinct}${this.property(v, this.anyField())})`;
      case 2:
        return `${this.kw('COUNT')}(${distinct}${variableText(v)})`;
      case 3:
        return `${this.kw(random.pick(['SUM', 'AVG']))}(${distinct}${this.property(v, random.pick(numeric))})`;
      default:
        return `${this.kw(random.pick(['MIN', 'MAX']))}(${distinct}${this.property(v, this.anyField())})`;
    }
  }

  /** A WHERE condition over the named variables, with values from the data. */
  private condition(variables: string[], depth: number): string {
    const random = this.random;
    const roll = random.next();
    if (depth < 2 && roll < 0.3) {
      const op = this.kw(random.pick(['AND', 'OR']));
      const left = this.condition(variables, depth + 1);
      const right = this.condition(variables, depth + 1);
      return random.chance(0.5) ? `(${left} ${op} ${right})` : `${left} ${op} ${right}`;
    }
    if (depth < 2 && roll < 0.38)
      return `${this.kw('NOT')} ${this.condition(variables, depth + 1)}`;
    return this.predicate(variables);
  }

  private predicate(variables: string[]): string {
    const random = this.random;
    const v = random.pick(variables);
    const field = random.pick([...this.fields.keys()]);
    const type = this.fields.get(field)!;
    const ref = this.property(v, field);
    const operator = random.pick(['=', '<>', '!=', '<', '<=', '>', '>=']);
    switch (random.int(0, 11)) {
      case 0:
      case 1:
      case 2:
        return `${ref} ${operator} ${this.literal(field, type)}`;
      case 3:
        return `${this.literal(field, type)} ${operator} ${ref}`;
      case 4: {
        // Two variables: a condition checked while rows are assembled.
        const w = random.pick(variables);
        const other = random.pick(this.sameKind(type));
        return `${ref} ${operator} ${this.property(w, other)}`;
      }
      case 5: {
        const values = Array.from({ length: random.int(1, 5) }, () => this.literal(field, type));
        const not = random.chance(0.3) ? `${this.kw('NOT')} ` : '';
        return `${ref} ${not}${this.kw('IN')} [${values.join(', ')}]`;
      }
      case 6: {
        const not = random.chance(0.4) ? `${this.kw('NOT')} ` : '';
        return `${this.property(v, this.anyField())} ${this.kw('IS')} ${not}${this.kw('NULL')}`;
      }
      case 7: {
        const k = random.pick(['k', 'k2']);
        const value = String(random.pick(this.world.pool.values.get(k)!));
        // Cut at a code point, so the prefix never ends in half a surrogate pair.
        const prefix = [...value].slice(0, random.int(0, 3)).join('');
        return `${this.property(v, k)} ${this.kw('STARTS')} ${this.kw('WITH')} ${stringText(random, prefix)}`;
      }
      case 8:
        return random.chance(0.5)
          ? this.property(v, 'b')
          : `${this.property(v, '_id')} = ${stringText(random, String(random.pick(this.world.pool.values.get(this.world.pool.key)!)))}`;
      case 9: {
        // A whole variable compares its document's id; `_index` its index name.
        const id = String(random.pick(this.world.pool.values.get(this.world.pool.key)!));
        if (random.chance(0.5))
          return `${variableText(v)} ${random.pick(['=', '<>'])} ${stringText(random, id)}`;
        const names = [this.world.normal, ...Object.values(this.world.virtual)];
        const listed = random.sample(names, random.int(1, names.length));
        return `${this.property(v, '_index')} ${this.kw('IN')} [${listed.map((n) => stringText(random, n)).join(', ')}]`;
      }
      case 10:
        return random.pick([
          `${ref} ${this.kw('IN')} []`,
          `${ref} ${this.kw('NOT')} ${this.kw('IN')} []`,
          `${ref} ${this.kw('IN')} [${this.literal(field, type)}, ${this.kw('NULL')}]`,
          '1 = 1',
          this.kw('TRUE'),
          `${this.kw('NOT')} ${this.kw('NOT')} ${ref} ${this.kw('IS')} ${this.kw('NULL')}`,
        ]);
      default:
        return `${ref} = ${this.kw('NULL')}`;
    }
  }

  private sameKind(type: FieldType): string[] {
    const numeric = (t: FieldType) => t === 'long' || t === 'double';
    return [...this.fields]
      .filter(([, t]) => t === type || (numeric(t) && numeric(type)))
      .map(([f]) => f);
  }

  private literal(field: string, type: FieldType): string {
    const random = this.random;
    const value = random.pick(this.world.pool.values.get(field)!);
    switch (type) {
      case 'long':
      case 'double':
        return numberText(value as number);
      case 'boolean':
        return this.kw(value ? 'TRUE' : 'FALSE');
      case 'date':
        return stringText(random, random.chance(0.3) ? String(value).slice(0, 10) : String(value));
      default:
        return stringText(random, String(value));
    }
  }
}

/** A number as a query_string term: a leading `-` would be the NOT operator, so it is escaped. */
function termText(value: unknown): string {
  const text = String(value);
  return text.startsWith('-') ? `\\${text}` : text;
}

/** A keyword value as a query_string phrase: the whole value, `"` and `\` escaped. */
function phraseText(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}
