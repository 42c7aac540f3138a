/**
 * The openCypher TCK port's format (test/graph/tck/*.yaml): each case is one TCK scenario on our
 * model, with its small graph written as documents, the query, and the table the TCK expects.
 *
 *   title: openCypher TCK, MATCH
 *   cases:
 *     - tck: clauses/match/Match1.feature [2] Matching all nodes   # the feature file and scenario
 *       note: why the case differs from the TCK's, when it does
 *       graph:
 *         nodes:                        # label (or labels, `A:B`) -> documents with an `_id`
 *           A: [{ _id: a, name: a }]
 *           B: [{ _id: b, name: b }]
 *         virtual: B                    # this entity lives on a PostgreSQL table (a virtual index)
 *         relations:                    # documents of `from` list the `_id`s of `to` in `field`
 *           - { label: T, from: A, to: B, field: t }
 *       query: MATCH (a:A)-[:T]->(b:B) RETURN a.name, b.name
 *       rows: [[a, b]]                  # the TCK's expected table; `ordered: true` keeps its order
 *
 * A relation with `held_by: to` is read the other way: documents of `to` hold the `_id` of their
 * `from` document (how a table, whose columns hold one value, points at several documents).
 */
import { readdirSync, readFileSync } from 'fs';
import path from 'path';
import { parse } from 'yaml';
import { z } from 'zod';

const relation = z
  .object({
    label: z.string().min(1),
    from: z.string().min(1),
    to: z.string().min(1),
    field: z.string().min(1),
    held_by: z.enum(['from', 'to']).optional(),
  })
  .strict();

const tckCase = z
  .object({
    tck: z
      .string()
      .regex(/\.feature \[\d+\] /, 'name the feature file and the scenario: X.feature [n] title'),
    note: z.string().optional(),
    graph: z
      .object({
        nodes: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
        virtual: z.string().optional(),
        relations: z.array(relation).optional(),
      })
      .strict(),
    query: z.string().min(1),
    rows: z.array(z.array(z.unknown())).optional(),
    ordered: z.boolean().optional(),
    error: z
      .object({ status: z.number().int(), type: z.string(), reason_contains: z.string() })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!c.rows === !c.error) problem('a case expects either rows or an error');
    if (c.ordered && !/\bORDER\s+BY\b/i.test(c.query)) problem('ordered: true needs an ORDER BY');
    for (const [label, docs] of Object.entries(c.graph.nodes)) {
      if (docs.some((d) => typeof d._id !== 'string'))
        problem(`every ${label} document needs an _id`);
    }
    if (c.graph.virtual && !c.graph.nodes[c.graph.virtual]) problem('virtual names no entity');
  });

const tckFile = z.object({ title: z.string().min(1), cases: z.array(tckCase).min(1) }).strict();

export type TckCase = z.infer<typeof tckCase>;
export type TckGraph = TckCase['graph'];
export type TckFile = z.infer<typeof tckFile> & { file: string };

export const TCK_DIR = path.join(__dirname, 'tck');

export function loadTckFiles(dir = TCK_DIR): TckFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((file) => {
      const parsed = tckFile.safeParse(parse(readFileSync(path.join(dir, file), 'utf8')));
      if (!parsed.success) {
        throw new Error(
          `${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`
        );
      }
      return { ...parsed.data, file };
    });
}
