export type VirtualIndexField = 'id' | 'datasource' | 'resource' | 'key';

/**
 * The field a refused save is about. The server names it in the error's details (OpenSearch's
 * error format carries them beside `reason`): `index` for the name, `key`, `resource`, and
 * `datasource` (checked last, since a missing table also names its datasource).
 */
export function virtualIndexFieldOf(error: unknown): VirtualIndexField | null {
  const body = (error as { body?: unknown } | null)?.body;
  const cause = (body as { error?: unknown } | undefined)?.error;
  if (typeof cause !== 'object' || cause === null) return null;
  const details = cause as Record<string, unknown>;
  if ('index' in details) return 'id';
  if ('key' in details) return 'key';
  if ('resource' in details) return 'resource';
  if ('datasource' in details) return 'datasource';
  return null;
}
