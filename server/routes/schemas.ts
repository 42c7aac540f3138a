import { z } from 'zod';

/** URL parameters as both hosts deliver them: a value, or a list when the key repeats. */
export const urlParams = z.record(
  z.string(),
  z.union([z.string(), z.array(z.string())]).optional()
);

/** A JSON object body; its fields are judged by the engine or by OpenSearch. */
export const jsonObject = z.record(z.string(), z.unknown(), {
  error: 'expected a JSON object',
});

/** NDJSON bodies (`_msearch`): the parsed lines, judged by the engine. */
export const ndjsonLines = z.array(z.unknown());

export const idParams = z.object({ id: z.string() });
export const indexParams = z.object({ index: z.string() });
export const scrollIdParams = z.object({ scroll_id: z.string() });

const optionalText = z.string().min(1, 'must not be empty').optional();

/** `PUT /_svc/connector/datasource/<id>` (docs/api/interface.md §2.1). */
export const datasourceBody = z
  .object({
    jdbc: z
      .object({
        driver: z.string().min(1, 'must not be empty'),
        url: z.string().min(1, 'must not be empty'),
        username: z.string().optional(),
        password: z.string().optional(),
        timezone: optionalText,
      })
      .strict(),
  })
  .strict();

/** `PUT /_svc/connector/index/<id>` (docs/api/interface.md §2.2). */
export const virtualIndexBody = z
  .object({
    datasource: z.string().min(1, 'must not be empty'),
    resource: z.string().min(1, 'must not be empty'),
    key: optionalText,
    catalog: optionalText,
    schema: optionalText,
  })
  .strict();
