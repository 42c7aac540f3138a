/**
 * Runs fuzz cases one at a time against the host, checks each answer, undoes what a case
 * created (datasources, virtual indices and their concrete indices, PITs) and groups failures
 * into classes: one route, one kind of problem, one status.
 */
import { openSearchClient } from '../bed/context';
import { describeCase, type FuzzCase } from './case_generator';
import { checkResponse, type Problem } from './checker';
import { CASE_LIMIT_MS, FUZZ_SECRET } from './fuzz_fixture';
import type { HostProcess } from '../support/host_process';
import { send, type RawResponse } from './raw_client';
import { routeName } from './route_catalog';
import { routeKind, targets, type FuzzWorld } from './valid_requests';

export interface Failure {
  fuzzCase: FuzzCase;
  status: number | null;
  problems: Problem[];
  response: string;
}

export async function runCase(
  api: HostProcess,
  world: FuzzWorld,
  c: FuzzCase
): Promise<Failure | null> {
  let response: RawResponse;
  try {
    // Wait past the limit so a slow answer is reported as slow, not as missing.
    response = await send(
      api.url,
      { method: c.method, path: c.path, body: c.body, contentType: c.contentType },
      CASE_LIMIT_MS + 5_000
    );
  } catch (error) {
    return {
      fuzzCase: c,
      status: null,
      problems: [{ kind: 'no_answer', detail: (error as Error).message }],
      response: '',
    };
  }
  await undo(api, world, c, response);
  const problems = checkResponse(response, {
    expectSuccess: c.expectSuccess,
    limitMs: CASE_LIMIT_MS,
    secrets: [FUZZ_SECRET],
    searchSide: c.route.path.startsWith('/svc'),
    filtered: /[?&]filter_path=/.test(c.path),
    graph: routeKind(c.route) === 'graph' ? { mustRefuse: c.mustRefuse } : undefined,
  });
  return problems.length === 0
    ? null
    : { fuzzCase: c, status: response.status, problems, response: response.text.slice(0, 600) };
}

/** Deletes what a successful case created, so a run leaves no state behind. */
async function undo(
  api: HostProcess,
  world: FuzzWorld,
  c: FuzzCase,
  response: RawResponse
): Promise<void> {
  if (response.status >= 300) return;
  const kind = routeKind(c.route);
  const body = response.json as Record<string, unknown> | undefined;
  if (kind === 'datasource_put' || kind === 'virtual_put') {
    const id = typeof body?._id === 'string' ? body._id : c.params.id;
    const base = kind === 'datasource_put' ? '/_svc/connector/datasource' : '/_svc/connector/index';
    await api.call('DELETE', `${base}/${encodeURIComponent(id)}`);
    if (kind === 'virtual_put') await deleteConcreteIndex(world, id);
  }
  if (kind === 'pit_open') {
    const id = body?.pit_id ?? body?.id;
    if (typeof id === 'string') await api.call('DELETE', '/svc/_pit', { id });
  }
}

/** The empty index a virtual index created; never a fixture's, a system index or one with data. */
async function deleteConcreteIndex(world: FuzzWorld, id: string): Promise<void> {
  if (id.startsWith('.') || targets(world).includes(id) || /[*,]/.test(id)) return;
  const client = openSearchClient();
  try {
    const count = await client.count({ index: id });
    if (count.body.count === 0) await client.indices.delete({ index: id });
  } catch {
    // Not there, or not an index name OpenSearch accepts: nothing to remove.
  }
}

/**
 * After a case got no answer: whether the host answers a probe again within `waitMs` (a host
 * still busy with the abandoned request answers late; a frozen one never does).
 */
export async function recovers(
  api: HostProcess,
  world: FuzzWorld,
  waitMs: number
): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if ((await healthProblems(api, world)).length === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return false;
}

/** A probe that the host and its pools still answer: a normal and a virtual-index search. */
export async function healthProblems(api: HostProcess, world: FuzzWorld): Promise<string[]> {
  const problems: string[] = [];
  for (const index of [world.normal, ...Object.values(world.virtual)]) {
    try {
      const response = await send(
        api.url,
        {
          method: 'POST',
          path: `/svc/${encodeURIComponent(index)}/_search`,
          body: JSON.stringify({ size: 1, query: { match_all: {} } }),
        },
        CASE_LIMIT_MS
      );
      const hits = (response.json as { hits?: { hits?: unknown[] } } | undefined)?.hits?.hits;
      if (response.status !== 200 || !Array.isArray(hits) || hits.length !== 1)
        problems.push(
          `search on [${index}] answered ${response.status}: ${response.text.slice(0, 300)}`
        );
    } catch (error) {
      problems.push(`search on [${index}] failed: ${(error as Error).message}`);
    }
  }
  return problems;
}

export interface FailureClass {
  key: string;
  count: number;
  first: Failure;
  problem: Problem;
}

export function classify(failures: Failure[]): FailureClass[] {
  const classes = new Map<string, FailureClass>();
  for (const failure of failures) {
    for (const problem of failure.problems) {
      const key = `${routeName(failure.fuzzCase.route)} -> ${problem.kind} (${failure.status ?? 'no answer'})`;
      const existing = classes.get(key);
      if (existing) existing.count += 1;
      else classes.set(key, { key, count: 1, first: failure, problem });
    }
  }
  return [...classes.values()].sort((a, b) => b.count - a.count);
}

export function formatClasses(classes: FailureClass[], seed: number, show: number): string {
  return classes
    .slice(0, show)
    .map(
      (c) =>
        `✗ ${c.key}: ${c.count} case(s)\n  ${c.problem.detail}\n${describeCase(
          c.first.fuzzCase,
          seed
        )
          .split('\n')
          .map((line) => `  ${line}`)
          .join('\n')}`
    )
    .join('\n\n');
}
