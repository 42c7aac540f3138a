import { z } from 'zod';

/** URL parameters as both hosts deliver them: a value, or a list when the key repeats. */
export const urlParams = z.record(z.string(), z.union([z.string(), z.array(z.string())]).optional());

/** A JSON object body; its fields are judged by the engine or by OpenSearch. */
export const jsonObject = z.record(z.string(), z.unknown(), {
  error: 'expected a JSON object',
});
