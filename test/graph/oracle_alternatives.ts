/**
 * The oracle's reading of label alternatives, `(n:A|B)` and `-[:R|S]->`, from the contract
 * (docs/api/graph_queries.md): the query's bindings are those of every statement made by
 * choosing one label per alternative (one variable one label), each compiled and enumerated on
 * its own; a choice whose edges fit no relation adds none. Refusals the contract names
 * (alternatives sharing an index, in an OPTIONAL MATCH, on a variable-length edge, too many
 * combinations) are OracleErrors.
 */
import type { EdgePattern, GqlStatement, NodePattern } from '../../common/gql/ast';
import type { GraphModelJson } from '../support/graph_models';
import { OracleError } from './graph_pattern';

const MAX_BRANCHES = 16;

/** The statements to enumerate: the statement itself when it has no alternatives. */
export function labelBranches(statement: GqlStatement, model: GraphModelJson): GqlStatement[] {
  const places: Array<{ options: string[]; set: (copy: GqlStatement, label: string) => void }> = [];
  const optionalPaths = (statement.optional ?? []).flatMap((c) => c.patterns);
  const nodes = (s: GqlStatement): NodePattern[] =>
    [...s.patterns, ...(s.optional ?? []).flatMap((c) => c.patterns)].flatMap((p) =>
      p.nodes.flat()
    );
  const edges = (s: GqlStatement): EdgePattern[] =>
    [...s.patterns, ...(s.optional ?? []).flatMap((c) => c.patterns)].flatMap((p) => p.edges);
  const inOptional = new Set([
    ...optionalPaths.flatMap((p) => p.nodes.flat()),
    ...optionalPaths.flatMap((p) => p.edges),
  ]);
  nodes(statement).forEach((node, i) => {
    const options = node.labelAlternatives?.map((l) => l.name);
    if (!options) return;
    if (inOptional.has(node)) throw new OracleError('label alternatives in an OPTIONAL MATCH');
    for (const label of options) {
      if (!model.entities.some((e) => e.label === label))
        throw new OracleError(`unknown label [${label}]`);
    }
    for (const a of options) {
      for (const b of options) {
        if (a === b) continue;
        const ia = model.entities.find((e) => e.label === a)!.indices;
        const ib = model.entities.find((e) => e.label === b)!.indices;
        if (ia.some((index) => ib.includes(index)))
          throw new OracleError(`alternatives [${a}] and [${b}] share an index`);
      }
    }
    places.push({
      options: [...new Set(options)],
      set: (copy, label) => {
        const target = nodes(copy)[i];
        target.label = { name: label, range: target.range };
        delete target.labelAlternatives;
      },
    });
  });
  edges(statement).forEach((edge, i) => {
    const options = edge.labelAlternatives?.map((l) => l.name);
    if (!options) return;
    if (inOptional.has(edge)) throw new OracleError('relation alternatives in an OPTIONAL MATCH');
    if (edge.quantifier) throw new OracleError('relation alternatives on a quantified edge');
    places.push({
      options: [...new Set(options)],
      set: (copy, label) => {
        const target = edges(copy)[i];
        target.label = { name: label, range: target.range };
        delete target.labelAlternatives;
      },
    });
  });
  if (places.length === 0) return [statement];
  // Choosing per occurrence and dropping the choices that give a variable two labels is the
  // same as choosing per variable.
  let branches: GqlStatement[] = [statement];
  for (const place of places) {
    branches = branches.flatMap((branch) =>
      place.options.map((label) => {
        const copy = structuredClone(branch);
        place.set(copy, label);
        return copy;
      })
    );
  }
  const consistent = branches.filter((branch) => {
    const labelOf = new Map<string, string>();
    for (const node of nodes(branch)) {
      const name = node.variable?.name;
      if (name === undefined || !node.label) continue;
      if ((labelOf.get(name) ?? node.label.name) !== node.label.name) return false;
      labelOf.set(name, node.label.name);
    }
    return true;
  });
  if (consistent.length === 0) throw new OracleError('no label fits a variable everywhere');
  if (consistent.length > MAX_BRANCHES) throw new OracleError('too many label combinations');
  return consistent;
}

/** An error that only says this choice of labels matches nothing. */
export function isMiss(error: unknown): boolean {
  return (
    error instanceof OracleError &&
    /no relation fits|share no index|quantified relation must go/.test(error.message)
  );
}
