import { parseSettings, settingsSchema, type FederationSettings } from '../engine/settings';

/**
 * Standalone settings come from the environment: each setting `fooBar` is read from
 * `FEDERATION_FOO_BAR`. Numbers are parsed; anything invalid stops start-up with zod's message.
 */
export function settingsFromEnv(env: NodeJS.ProcessEnv): FederationSettings {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(settingsSchema.shape)) {
    const name = `FEDERATION_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
    const value = env[name];
    if (value === undefined) continue;
    if (value === 'true' || value === 'false') raw[key] = value === 'true';
    else raw[key] = value !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;
  }
  try {
    return parseSettings(raw);
  } catch (error) {
    throw new Error(`invalid FEDERATION_* setting: ${(error as Error).message}`);
  }
}
