import { z } from 'zod';

/**
 * Every limit of the engine, with its default. Inside OSD these come from `federation.*` in
 * opensearch_dashboards.yml; standalone, from FEDERATION_* environment variables.
 */
export const settingsSchema = z
  .object({
    /** Largest request body a route accepts, in bytes. */
    maxRequestBytes: z.number().int().positive().default(10 * 1024 * 1024),
  })
  .strict();

export type FederationSettings = z.infer<typeof settingsSchema>;

export function parseSettings(raw: unknown): FederationSettings {
  return settingsSchema.parse(raw ?? {});
}
