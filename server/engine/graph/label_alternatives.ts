/**
 * Label alternatives, `(n:A|B)` and `-[:R|S]->` (docs/api/graph_queries.md): the statement is
 * bound once per combination of alternatives, each a statement with one label per node and
 * edge, and the query's rows are the union of those branches' rows (branch_union.ts runs them).
 * A branch where an edge fits no relation is dropped: that edge restricts the node to the
 * alternatives it fits, as a relation that only one alternative has does in Cypher. Each branch
 * plans and runs as any query does, so alternatives on different backends (an index and a
 * virtual index) work.
 *
 * An OPTIONAL MATCH edge to an alternative node must fit every alternative of it (else the same
 * 400 as with that one label): dropping the branch would drop rows the optional part only
 * leaves null. Refused, each a 400 naming why: alternatives whose entities share an index (a document of it
 * would be both, and be matched twice); alternatives in an OPTIONAL MATCH (the union must then
 * be inside the left outer join, not around the query); relation alternatives on a
 * variable-length edge (a path would mix relations) or in a named path (its value names its
 * relations); more than MAX_LABEL_BRANCHES branches.
 */
import type {
  EdgePattern,
  GqlStatement,
  Identifier,
  NodePattern,
  PathPattern,
} from '../../../common/gql/ast';
import { FederationError } from '../errors';
import type { BoundQuery } from './bound_query';
import type { GraphModel } from './graph_model';
import { checkEntityLabelName } from './node_merging';
import { at, failAt } from './query_errors';

/** Most branches one query may make: each is a plan of its own, counted and run. */
export const MAX_LABEL_BRANCHES = 16;

/** A place in the statement where alternatives are chosen from, and the patterns it labels. */
interface Choice {
  options: string[];
  /** Applies the chosen label to the branch's copy of the statement. */
  apply: (copy: GqlStatement, label: string) => void;
}

/** The branch errors that mean "this combination matches nothing": such a branch is dropped. */
const DOES_NOT_FIT = [
  'does not connect',
  'has no relation that fits',
  'at once: their entities share no index',
  'a quantified edge repeats its relation',
];

/**
 * One bound query per combination of alternatives that fits the model (exactly one, the
 * statement's own, when it has none), all with the same nodes, edges and variables by id.
 */
export function bindAlternatives(
  statement: GqlStatement,
  model: GraphModel,
  bind: (statement: GqlStatement) => BoundQuery
): BoundQuery[] {
  const choices = choicesOf(statement, model);
  if (choices.length === 0) return [bind(statement)];
  const combinations = choices.reduce((n, c) => n * c.options.length, 1);
  if (combinations > MAX_LABEL_BRANCHES) {
    failAt(
      statement.range,
      `the label alternatives make ${combinations} combinations, more than the ${MAX_LABEL_BRANCHES} a query may run; write fewer alternatives`
    );
  }
  const branches: BoundQuery[] = [];
  let firstMiss: unknown;
  for (let k = 0; k < combinations; k++) {
    const copy = structuredClone(statement);
    let rest = k;
    for (const choice of choices) {
      choice.apply(copy, choice.options[rest % choice.options.length]);
      rest = Math.floor(rest / choice.options.length);
    }
    try {
      branches.push(bind(copy));
    } catch (error) {
      if (!isMiss(error) || matchPartFits(copy, bind)) throw error;
      firstMiss ??= error;
    }
  }
  if (branches.length === 0) throw firstMiss;
  return branches;
}

function isMiss(error: unknown): boolean {
  return error instanceof FederationError && DOES_NOT_FIT.some((m) => error.message.includes(m));
}

/**
 * Whether the MATCH clauses alone bind: then what did not fit is an OPTIONAL MATCH edge, which
 * must not drop the branch's rows (its optional part would only be null) but fits no relation,
 * the same 400 a query with that one label gets.
 */
function matchPartFits(copy: GqlStatement, bind: (statement: GqlStatement) => BoundQuery): boolean {
  if (!copy.optional || copy.patterns.length === 0) return false;
  const { optional: _optional, where: _where, ...rest } = copy;
  try {
    bind({ ...rest, items: [], orderBy: [], distinct: false });
    return true;
  } catch (error) {
    if (isMiss(error)) return false;
    throw error;
  }
}

function choicesOf(statement: GqlStatement, model: GraphModel): Choice[] {
  const choices: Choice[] = [];
  // A variable's occurrences share one choice: the labels all of them allow.
  const byVariable = new Map<string, { options: string[]; where: Identifier[]; at: number[] }>();
  const nodes = nodePatterns(statement);
  nodes.forEach(({ pattern, optional }, i) => {
    const alternatives = pattern.labelAlternatives;
    if (!alternatives) return;
    if (optional) {
      failAt(
        alternatives[0].range,
        'label alternatives in an OPTIONAL MATCH are not supported: its rows would be united after the outer join; write one OPTIONAL MATCH per label'
      );
    }
    for (const label of alternatives) checkEntityLabelName(label, model);
    checkDisjoint(alternatives, model);
    const name = pattern.variable?.name;
    if (name === undefined) {
      choices.push({
        options: alternatives.map((l) => l.name),
        apply: (copy, label) => setNodeLabel(nodePatterns(copy)[i].pattern, label),
      });
      return;
    }
    const seen = byVariable.get(name);
    const options = alternatives.map((l) => l.name);
    if (!seen) byVariable.set(name, { options, where: [alternatives[0]], at: [i] });
    else {
      seen.options = seen.options.filter((o) => options.includes(o));
      seen.where.push(alternatives[0]);
      seen.at.push(i);
    }
  });
  for (const [name, entry] of byVariable) {
    // A single label written elsewhere for the variable is one of its alternatives, or none fits.
    const fixed = nodes.find((n) => n.pattern.variable?.name === name && n.pattern.label)?.pattern
      .label;
    const options = fixed ? entry.options.filter((o) => o === fixed.name) : entry.options;
    if (options.length === 0) {
      failAt(
        entry.where[entry.where.length - 1].range,
        `no label fits the variable [${name}] everywhere it is written (${[...entry.where, ...(fixed ? [fixed] : [])].map((l) => at(l.range)).join('; ')}); one variable is one node`
      );
    }
    choices.push({
      options,
      apply: (copy, label) => {
        const copies = nodePatterns(copy);
        for (const i of entry.at) setNodeLabel(copies[i].pattern, label);
      },
    });
  }
  edgePatterns(statement).forEach(({ pattern, optional, named }, i) => {
    const alternatives = pattern.labelAlternatives;
    if (!alternatives) return;
    if (named) {
      failAt(
        alternatives[0].range,
        'relation alternatives in a named path (p = ...) are not supported: the path names its relations; write one relation'
      );
    }
    if (optional) {
      failAt(
        alternatives[0].range,
        'relation alternatives in an OPTIONAL MATCH are not supported: its rows would be united after the outer join; write one OPTIONAL MATCH per relation'
      );
    }
    if (pattern.quantifier) {
      failAt(
        alternatives[0].range,
        'relation alternatives on a variable-length edge are not supported: a path would mix relations; write one relation'
      );
    }
    for (const label of alternatives) {
      if (!model.relations.some((r) => r.label === label.name)) {
        failAt(
          label.range,
          `the model has no relation labelled [${label.name}]; its relations are [${[...new Set(model.relations.map((r) => r.label))].join(', ')}]`
        );
      }
    }
    choices.push({
      options: alternatives.map((l) => l.name),
      apply: (copy, label) => setEdgeLabel(edgePatterns(copy)[i].pattern, label),
    });
  });
  return choices;
}

/** Alternatives whose entities share an index would match a document of it twice. */
function checkDisjoint(alternatives: Identifier[], model: GraphModel): void {
  for (let a = 0; a < alternatives.length; a++) {
    for (let b = a + 1; b < alternatives.length; b++) {
      const left = model.entities.get(alternatives[a].name)!;
      const right = model.entities.get(alternatives[b].name)!;
      const shared = left.indices.find((index) => right.indices.includes(index));
      if (shared !== undefined) {
        failAt(
          alternatives[b].range,
          `the alternatives [${left.label}] and [${right.label}] share the index [${shared}]: a document of it would be both and match twice; label alternatives need entities over different indices`
        );
      }
    }
  }
}

function setNodeLabel(pattern: NodePattern, label: string): void {
  const [first] = pattern.labelAlternatives!;
  pattern.label = { name: label, range: first.range };
  delete pattern.labelAlternatives;
}

function setEdgeLabel(pattern: EdgePattern, label: string): void {
  const [first] = pattern.labelAlternatives!;
  pattern.label = { name: label, range: first.range };
  delete pattern.labelAlternatives;
}

/** Every clause's paths, MATCH first, each marked optional or not: the binder's order. */
function paths(statement: GqlStatement): { path: PathPattern; optional: boolean }[] {
  return [
    ...statement.patterns.map((path) => ({ path, optional: false })),
    ...(statement.optional ?? []).flatMap((clause) =>
      clause.patterns.map((path) => ({ path, optional: true }))
    ),
  ];
}

function nodePatterns(statement: GqlStatement): { pattern: NodePattern; optional: boolean }[] {
  return paths(statement).flatMap(({ path, optional }) =>
    path.nodes.flat().map((pattern) => ({ pattern, optional }))
  );
}

function edgePatterns(
  statement: GqlStatement
): { pattern: EdgePattern; optional: boolean; named: boolean }[] {
  return paths(statement).flatMap(({ path, optional }) =>
    path.edges.map((pattern) => ({ pattern, optional, named: path.variable !== undefined }))
  );
}
