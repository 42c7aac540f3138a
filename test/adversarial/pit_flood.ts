/**
 * A PIT flood: 100 opens at once from one client against small `maxOpenPits` and
 * `maxOpenPitsPerUser`, then every PIT that opened closed again. At most the per-user limit may
 * open (every request comes from the same address, and other clients' PITs only lower the
 * count); every other open is refused in OpenSearch's error format.
 */
import { errorFormatProblem } from '../fuzz/checker';
import { send } from '../fuzz/raw_client';
import { REQUEST_LIMIT_MS } from './adversarial_config';

export const FLOOD_OPENS = 100;

export interface FloodReport {
  opened: number;
  refused: Map<string, number>;
  problems: string[];
}

export async function pitFlood(
  url: string,
  index: string,
  limits: { maxOpenPits: number; maxOpenPitsPerUser: number }
): Promise<FloodReport> {
  const problems: string[] = [];
  const refused = new Map<string, number>();
  const answers = await Promise.all(
    Array.from({ length: FLOOD_OPENS }, () =>
      send(
        url,
        { method: 'POST', path: `/svc/${index}/_pit?keep_alive=1m` },
        REQUEST_LIMIT_MS
      ).catch((error: Error) => error)
    )
  );
  const ids: string[] = [];
  for (const answer of answers) {
    if (answer instanceof Error) {
      problems.push(`an open got no answer: ${answer.message}`);
      continue;
    }
    const json = answer.json as { pit_id?: unknown; error?: { type?: string } } | undefined;
    if (answer.status === 200 && typeof json?.pit_id === 'string') {
      ids.push(json.pit_id);
      continue;
    }
    const format = errorFormatProblem(answer.json, answer.status);
    if (answer.status < 400 || answer.status >= 500 || format !== null) {
      problems.push(`an open answered ${answer.status}: ${format ?? answer.text.slice(0, 200)}`);
      continue;
    }
    const key = `${answer.status} ${json?.error?.type}`;
    refused.set(key, (refused.get(key) ?? 0) + 1);
  }
  const most = Math.min(limits.maxOpenPits, limits.maxOpenPitsPerUser);
  if (ids.length > most)
    problems.push(
      `${ids.length} of ${FLOOD_OPENS} opens succeeded; one client may hold at most ${most} (maxOpenPits ${limits.maxOpenPits}, maxOpenPitsPerUser ${limits.maxOpenPitsPerUser})`
    );
  if (ids.length > 0) {
    const closed = await send(
      url,
      { method: 'DELETE', path: '/svc/_pit', body: JSON.stringify({ pit_id: ids }) },
      REQUEST_LIMIT_MS
    ).catch((error: Error) => error);
    if (closed instanceof Error) problems.push(`closing got no answer: ${closed.message}`);
    else if (closed.status !== 200)
      problems.push(`closing answered ${closed.status}: ${closed.text.slice(0, 200)}`);
  }
  return { opened: ids.length, refused, problems: counted(problems) };
}

/** The same problem a hundred times is one line with its count. */
function counted(problems: string[]): string[] {
  const counts = new Map<string, number>();
  for (const problem of problems) counts.set(problem, (counts.get(problem) ?? 0) + 1);
  return [...counts].map(([problem, n]) => (n === 1 ? problem : `${n} x ${problem}`));
}
