/**
 * What SQL is written against: which database, which table, and the rows it answers. Defined
 * here, below both sql/ and connectors/, so that the statement builders need nothing of the
 * connectors that run them (connectors/connector.ts re-exports them as part of its interface).
 */

export type ConnectorKind = 'postgres' | 'mysql' | 'sqlserver' | 'sqlite';

/** A table or view, optionally qualified. */
export interface ResourceRef {
  catalog?: string;
  schema?: string;
  name: string;
}

/** A row as the driver returns it, keyed by column name. Dates arrive as text or Date. */
export type Row = Record<string, unknown>;
