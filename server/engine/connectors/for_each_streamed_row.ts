import type { Row } from './connector';

/** `forEachRow` for connectors that read it as their stream. */
export async function forEachStreamedRow(
  rows: AsyncIterable<Row>,
  onRow: (row: Row) => void
): Promise<void> {
  for await (const row of rows) onRow(row);
}
