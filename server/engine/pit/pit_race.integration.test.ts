import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, uniqueName } from '../../../test/bed/context';
import { startFederationApi, type FederationApi } from '../../../test/support/in_process_host';

/** How many rounds of concurrent first pages to run (each on a fresh PIT). */
const ROUNDS = Number(process.env.PIT_RACE_ROUNDS ?? 6);
const DOCS = 40;

/**
 * The first search on a PIT fixes its request. Several first pages sent at once must agree on
 * one winner: exactly one request is fixed, the same request may continue, any other is a 400.
 */
describe('point in time: concurrent first pages', () => {
  let api: FederationApi;
  const index = uniqueName('pit-race');

  beforeAll(async () => {
    const client = openSearchClient();
    await client.indices.create({
      index,
      body: { mappings: { properties: { n: { type: 'long' }, group: { type: 'long' } } } },
    });
    await client.bulk({
      refresh: true,
      body: Array.from({ length: DOCS }, (_, i) => [
        { index: { _index: index, _id: String(i + 1) } },
        { n: i + 1, group: (i + 1) % 4 },
      ]).flat(),
    });
    api = await startFederationApi();
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await openSearchClient().indices.delete({ index }, { ignore: [404] });
  });

  const body = (group: number, extra: Record<string, unknown> = {}) => ({
    query: { term: { group } },
    sort: [{ n: 'asc' }],
    size: 3,
    ...extra,
  });

  it('fixes exactly one request; the same request continues, others get a 400', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const opened = await api.call('POST', `/svc/${index}/_pit?keep_alive=1m`);
      expect(opened.status, opened.text).toBe(200);
      const id = opened.body.id as string;
      // Groups 0..3 once each, and group 1 twice more: the same request may race with itself.
      const groups = [0, 1, 2, 3, 1, 1];
      const answers = await Promise.all(
        groups.map((g) => api.call('POST', '/svc/_search', body(g, { pit: { id } })))
      );
      const winners = new Set<number>();
      answers.forEach((answer, i) => {
        if (answer.status === 200) winners.add(groups[i]);
        else {
          expect(answer.status, answer.text).toBe(400);
          expect(answer.body.error.type).toBe('illegal_argument_exception');
          expect(answer.body.error.reason).toContain('differs from the first one in [query]');
        }
      });
      expect([...winners]).toHaveLength(1);
      const [winner] = winners;
      // Every 200 is a first page of the winning request.
      for (const answer of answers.filter((a) => a.status === 200)) {
        expect(
          answer.body.hits.hits.map((h: { _source: { group: number } }) => h._source.group)
        ).toEqual([winner, winner, winner]);
      }
      // The winner pages to the end, consistently; a loser's request stays refused.
      const seen: number[] = [];
      let after: unknown[] | undefined;
      for (;;) {
        const page = await api.call(
          'POST',
          '/svc/_search',
          body(winner, { pit: { id }, ...(after ? { search_after: after } : {}) })
        );
        expect(page.status, page.text).toBe(200);
        const hits = page.body.hits.hits as Array<{ _source: { n: number }; sort: unknown[] }>;
        if (hits.length === 0) break;
        seen.push(...hits.map((h) => h._source.n));
        after = hits[hits.length - 1].sort;
      }
      const expected = Array.from({ length: DOCS }, (_, i) => i + 1).filter(
        (n) => n % 4 === winner
      );
      expect(seen).toEqual(expected);
      const loser = await api.call('POST', '/svc/_search', body((winner + 1) % 4, { pit: { id } }));
      expect(loser.status).toBe(400);
      await api.call('DELETE', '/svc/_pit', { id });
    }
  }, 120_000);
});
