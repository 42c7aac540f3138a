/**
 * Runs a graph plan: every step starts once its inputs are done, through one `switch` over step
 * kinds that the compiler checks is exhaustive, so a new kind of step cannot be planned without
 * being run. Steps hand their results on by node and edge (documents, path documents); their
 * ids are only for scheduling and statistics.
 *
 * Two rules beyond the inputs, both behaviour the plan's ids cannot carry: narrowings take turns
 * in plan order (each reads the keys the ones before it left, and one that empties a node leaves
 * no row, so the rest need not run), and once no row can exist nothing else starts and the
 * answer stops waiting for fetches under way.
 */
import type { BackendDocument } from '../backends/backend';
import type { BoundQuery } from './bound_query';
import type { RowCondition } from './condition_pushdown';
import type { Binding, DateFields } from './expressions';
import type { GraphLimits } from './graph_limits';
import type {
  AssembleStep,
  CountResult,
  CountStep,
  ExpandStep,
  FetchStep,
  GraphPlan,
  PlanStep,
  ReduceStep,
  ShortestStep,
} from './graph_plan';
import { namedPathEdges, PathEdgeIndex } from './path_edges';
import { PathValues } from './path_values';
import { findShortestPaths, type ShortestPaths } from './shortest_paths';
import { fetchPathDocuments, QuantifiedHops } from './quantified_hops';
import type { QueryRun } from './query_run';
import type { ReductionState } from './reduction';
import { shapeRowsAsync, type Pause, type ShapedRows } from './result_shaping';
import { assembleWithPauses } from './row_assembly';

export interface ExecutionContext {
  query: BoundQuery;
  state: ReductionState;
  run: QueryRun;
  limits: GraphLimits;
  /** WHERE conjuncts over several nodes (condition_pushdown.ts), checked during assembly. */
  conditions: readonly RowCondition[];
}

export class PlanExecution {
  /** Each started step's completion, by step id: what the steps that take it as input wait for. */
  private readonly started = new Map<number, Promise<unknown>>();
  private readonly counts = new Map<number, number>();
  /** Fetched documents by node id. */
  private readonly documents: BackendDocument[][];
  /** The documents each quantified edge's paths may pass through, by edge id. */
  private readonly pathDocuments = new Map<number, Map<string, BackendDocument>>();
  /** What each shortest-path edge's step found, by edge id. */
  private readonly shortestPaths = new Map<number, ShortestPaths>();
  /** The narrowings, chained in plan order. */
  private narrowings: Promise<unknown> = Promise.resolve();
  private noRows = false;
  /** The first rows' driver (first_rows.ts) had fewer documents than asked: rows are complete. */
  private driverReadWhole = false;
  private readonly noRowsFound: Promise<void>;
  private signalNoRows!: () => void;
  private plan: GraphPlan | undefined;
  private answer: ShapedRows | undefined;

  constructor(private readonly context: ExecutionContext) {
    this.documents = context.query.nodes.map(() => []);
    this.noRowsFound = new Promise((resolve) => (this.signalNoRows = resolve));
  }

  /** Runs the first stage of planning (graph_plan.ts `planCounts`): what each count found. */
  async runCounts(steps: readonly CountStep[]): Promise<CountResult[]> {
    await this.runSteps(steps);
    return steps.map((step) => ({ step, rows: this.counts.get(step.id)! }));
  }

  /** Runs the plan's steps not run yet (the counts have), and answers the assembled rows. */
  async runPlan(plan: GraphPlan): Promise<ShapedRows> {
    this.plan = plan;
    await this.runSteps(plan.steps.filter((step) => !this.started.has(step.id)));
    return this.answer!;
  }

  /**
   * Runs the plan's steps but its assemble, and answers the bindings it would assemble: one
   * branch of a query with label alternatives (branch_union.ts), whose rows are shaped together.
   */
  async runToBindings(plan: GraphPlan): Promise<Iterable<Binding | Pause>> {
    this.plan = plan;
    const steps = plan.steps.filter(
      (step) => step.kind !== 'assemble' && !this.started.has(step.id)
    );
    await Promise.race([this.runSteps(steps).then(() => this.narrowings), this.noRowsFound]);
    return this.bindings();
  }

  /** No row can exist (a count or a narrowing found nothing): what is left does not run. */
  noRowCanExist(): void {
    this.noRows = true;
    this.signalNoRows();
  }

  /** Starts the steps in order; done when those no other of them takes as input are. */
  private async runSteps(steps: readonly PlanStep[]): Promise<void> {
    const inputs = new Set(steps.flatMap((step) => step.inputs));
    for (const step of steps) {
      const done = this.start(step);
      // Observed here so a step cut short once no row can exist never goes unobserved.
      done.catch(() => undefined);
      this.started.set(step.id, done);
    }
    await Promise.all(steps.filter((s) => !inputs.has(s.id)).map((s) => this.started.get(s.id)));
  }

  private start(step: PlanStep): Promise<unknown> {
    switch (step.kind) {
      case 'count':
        return this.count(step);
      case 'reduce':
        return this.reduce(step);
      case 'fetch':
        return this.fetch(step);
      case 'expand':
        return this.expand(step);
      case 'shortest':
        return this.shortest(step);
      case 'assemble':
        return this.assemble(step);
      default:
        return unknownStep(step);
    }
  }

  /** Waits for the step's inputs in order, so the first failing one is the one reported. */
  private async inputsOf(step: PlanStep): Promise<void> {
    for (const id of step.inputs) await this.started.get(id);
  }

  private async count(step: CountStep): Promise<void> {
    const { run, state } = this.context;
    await this.inputsOf(step);
    this.counts.set(
      step.id,
      await run.step(step.id, () => state.count(step.node, run.options(step.id)))
    );
  }

  private reduce(step: ReduceStep): Promise<number> {
    const { run, state, query } = this.context;
    const turn = this.narrowings.then(async () => {
      await this.inputsOf(step);
      if (this.noRows) return 0;
      const edge = query.edges[step.edge];
      const keys = await run.step(
        step.id,
        () => state.reduce(edge, step.from, step.to, step.pattern, run.options(step.id)),
        step.pattern
      );
      // An OPTIONAL MATCH node left empty only means its clause matches nothing: rows stay.
      if ((keys === 0 && query.nodes[step.to].clause === 0) || state.anyEmpty()) {
        this.noRowCanExist();
      }
      return keys;
    });
    this.narrowings = turn;
    return turn;
  }

  private async fetch(step: FetchStep): Promise<void> {
    const { run, state, query } = this.context;
    await this.inputsOf(step);
    if (this.noRows) return;
    this.documents[step.node] = await run.step(
      step.id,
      async () => {
        const options = run.options(step.id);
        if (step.first !== undefined) {
          const first = await state.fetch(step.node, options, { first: step.first });
          // Fewer than asked: the driver was read whole, and the rows with it.
          if (first.length < step.first) this.driverReadWhole = true;
          return first;
        }
        if (step.linked === undefined) return state.fetch(step.node, options);
        const { from, edge } = step.linked;
        const filter = await state.linkedFilter(
          query.edges[edge],
          from,
          step.node,
          this.documents[from],
          step.pattern
        );
        return filter === null ? [] : state.fetch(step.node, options, { filter });
      },
      step.pattern,
      (docs) => docs.length
    );
  }

  private async expand(step: ExpandStep): Promise<void> {
    const { run, state, query, limits } = this.context;
    await this.inputsOf(step);
    if (this.noRows) return;
    const edge = query.edges[step.edge];
    const found = await run.step(
      step.id,
      () =>
        fetchPathDocuments(
          edge,
          state,
          this.documents,
          run.options(step.id),
          { maxDocuments: limits.maxDocuments, maxKeys: limits.maxFrontierKeys },
          run.budget,
          namedPathEdges(query).has(edge.id)
        ),
      step.pattern,
      (documents) => documents.size
    );
    this.pathDocuments.set(edge.id, found);
  }

  private async shortest(step: ShortestStep): Promise<void> {
    const { run, state, query, limits } = this.context;
    await this.inputsOf(step);
    if (this.noRows) return;
    const edge = query.edges[step.edge];
    const found = await run.step(
      step.id,
      () =>
        findShortestPaths(
          edge,
          state.entityBackends.get(edge.orientations[0].relation.from.entity)!,
          this.documents[edge.left],
          this.documents[edge.right],
          run.options(step.id),
          {
            maxDocuments: limits.maxDocuments,
            maxKeys: limits.maxFrontierKeys,
            maxPathSteps: limits.maxPathSteps,
          },
          run.budget
        ),
      step.pattern,
      (paths) => paths.size
    );
    this.shortestPaths.set(edge.id, found);
  }

  private async assemble(step: AssembleStep): Promise<void> {
    const { run, query, limits, state } = this.context;
    // The narrowings first: when one fails, that is the failure to report. Once no row can
    // exist, the fetches still under way are not waited for.
    await Promise.race([this.narrowings.then(() => this.inputsOf(step)), this.noRowsFound]);
    const shape = () =>
      shapeRowsAsync(query.statement, this.bindings(), query.variables, {
        maxRows: limits.maxRows,
        maxGroups: limits.maxGroups,
        maxAggregateValues: limits.maxAggregateValues,
        budget: run.budget,
        ...(query.pathVariables ? { paths: new PathValues(query) } : {}),
      });
    this.answer = await run.step(
      step.id,
      async () => {
        const shaped = await shape();
        const driver = this.plan!.steps.find((s) => s.kind === 'fetch' && s.first !== undefined);
        if (driver === undefined || this.driverReadWhole || this.noRows) return shaped;
        const offset = query.statement.offset?.value ?? 0;
        if (
          offset + shaped.rows.length + (shaped.truncated ? 1 : 0) >=
          (driver as FetchStep).first!
        ) {
          return shaped;
        }
        // Too few rows from the first documents: a key a database matched but assembly finds
        // unequal (a case-insensitive collation, a normalizer). Every node is read whole.
        const options = run.options(step.id);
        const all = await Promise.all(query.nodes.map((node) => state.fetch(node.id, options)));
        all.forEach((docs, node) => (this.documents[node] = docs));
        return shape();
      },
      step.pattern,
      (result) => result.rows.length
    );
  }

  /** The fetched documents bound into rows (none once no row can exist). */
  private bindings(): Iterable<Binding | Pause> {
    if (this.noRows) return [];
    const { run, state, query, limits, conditions } = this.context;
    const isDate: DateFields = (node, field) => state.isDate(node, field);
    const hops =
      this.pathDocuments.size > 0
        ? new QuantifiedHops(this.pathDocuments, this.documents, limits.maxPathSteps, run.budget)
        : undefined;
    const named = namedPathEdges(query);
    const paths =
      named.size > 0 || this.shortestPaths.size > 0
        ? new PathEdgeIndex(named, hops, this.shortestPaths)
        : undefined;
    return assembleWithPauses(
      {
        query,
        plan: this.plan!,
        documents: this.documents,
        conditions,
        isDate,
        ...(paths ? { paths } : {}),
      },
      hops,
      run.budget
    );
  }
}

function unknownStep(step: never): never {
  throw new Error(`the plan has a step no executor runs: ${JSON.stringify(step)}`);
}
