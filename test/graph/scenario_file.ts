/**
 * The scenario corpus format (test/graph/scenarios/*.yaml), read and checked so a mistyped key
 * fails loudly instead of turning a case into one that asserts nothing.
 *
 *   title: Bare arrows
 *   settings: { maxGraphRows: 5 }        # optional: the host for this file starts with these
 *   cases:
 *     - name: resolved to the only relation
 *       query: SELECT p.name, c.name FROM "social" MATCH (p:Person)->(c:City)
 *       expect_min_rows: 20              # floor for the oracle's and the service's row count
 *     - name: ambiguous
 *       query: SELECT p.name FROM "social" MATCH (x:Post)->(p:Person)
 *       error: { status: 400, type: illegal_argument_exception, reason_contains: ambiguous }
 *
 * Without `error` or `explain`, the expected rows are the oracle's. A case needs rows (at least
 * `expect_min_rows`, default 1) unless it says `expect_empty: true`. `ordered: true` must go with
 * an ORDER BY (and an ORDER BY with it). `model` replaces the fixture model; `model_patch` edits it.
 * `service_only: true` marks errors the oracle cannot see (mappings, settings).
 */
import { readdirSync, readFileSync } from 'fs';
import path from 'path';
import { parse } from 'yaml';
import { z } from 'zod';
import type { GraphModelJson } from '../support/graph_models';

const patchOp = z.union([
  z.object({ set: z.string(), value: z.unknown() }).strict(),
  z.object({ push: z.string(), value: z.unknown() }).strict(),
  z.object({ remove: z.string() }).strict(),
]);

const scenarioCase = z
  .object({
    name: z.string().min(1),
    query: z.string().min(1),
    /** Query-string parameters for the request, e.g. `detailed=true`. */
    params: z.string().optional(),
    model: z.unknown().optional(),
    model_patch: z.array(patchOp).optional(),
    ordered: z.boolean().optional(),
    expect_min_rows: z.number().int().min(1).optional(),
    expect_empty: z.boolean().optional(),
    expect_truncated: z.boolean().optional(),
    explain: z.boolean().optional(),
    service_only: z.boolean().optional(),
    error: z
      .object({
        status: z.number().int(),
        type: z.string(),
        reason_contains: z.union([z.string(), z.array(z.string())]).optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (c.error && (c.expect_min_rows || c.expect_empty || c.ordered || c.explain)) {
      problem('an error case expects nothing else');
    }
    if (c.expect_empty && c.expect_min_rows) problem('expect_empty and expect_min_rows contradict');
    if (c.service_only && !c.error) problem('service_only is for error cases');
    if (!c.error && !c.explain && !!c.ordered !== /\bORDER\s+BY\b/i.test(c.query)) {
      problem('ordered: true goes with an ORDER BY, and an ORDER BY with ordered: true');
    }
  });

const scenarioFile = z
  .object({
    title: z.string().min(1),
    settings: z.record(z.string(), z.unknown()).optional(),
    cases: z.array(scenarioCase).min(1),
  })
  .strict();

export type ScenarioCase = z.infer<typeof scenarioCase>;
export type ScenarioFile = z.infer<typeof scenarioFile> & { file: string };

export const SCENARIO_DIR = path.join(__dirname, 'scenarios');

export function loadScenarios(dir = SCENARIO_DIR): ScenarioFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((file) => {
      const parsed = scenarioFile.safeParse(parse(readFileSync(path.join(dir, file), 'utf8')));
      if (!parsed.success) {
        throw new Error(
          `${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`
        );
      }
      return { ...parsed.data, file };
    });
}

/** The model a case runs against: the fixture's, replaced or edited as the case says. */
export function caseModel(base: GraphModelJson, c: ScenarioCase): unknown {
  const model: any = structuredClone(c.model ?? base);
  for (const op of c.model_patch ?? []) {
    const where = 'set' in op ? op.set : 'push' in op ? op.push : op.remove;
    const steps = where.match(/[^.[\]]+/g) ?? [];
    const last = steps.pop()!;
    let target = model;
    for (const step of steps) target = target[/^\d+$/.test(step) ? Number(step) : step];
    if (target === undefined) throw new Error(`model_patch: no [${where}]`);
    const key = /^\d+$/.test(last) ? Number(last) : last;
    if ('set' in op) target[key] = op.value;
    else if ('push' in op) target[key].push(op.value);
    else if (Array.isArray(target)) target.splice(key as number, 1);
    else delete target[key];
  }
  return model;
}
