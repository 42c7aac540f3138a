import { FederationError } from '../errors';
import type { SqlDialect } from './dialect';

const DATABASE_NAMES: Record<SqlDialect['name'], string> = {
  postgres: 'PostgreSQL',
  mysql: 'MySQL/MariaDB',
  sqlserver: 'SQL Server',
  sqlite: 'SQLite',
};

/**
 * The bound parameters of one statement, in order. `add` returns the placeholder to write into
 * the SQL text, so values never become part of the text and numbering stays right across
 * fragments built by different translators. A statement never gets more parameters than its
 * database accepts: past the limit `add` is a 400, not a statement the database refuses.
 */
export class ParamList {
  readonly values: unknown[] = [];

  constructor(private readonly dialect: SqlDialect) {}

  add(value: unknown): string {
    if (this.values.length >= this.dialect.maxParameters) {
      throw tooManyParameters(this.dialect, 'this request');
    }
    this.values.push(value);
    return this.dialect.placeholder(this.values.length);
  }

  /** How many more values one statement may still bind. */
  get remaining(): number {
    return this.dialect.maxParameters - this.values.length;
  }
}

/** The 400 for a statement that would bind more values than the database takes. */
export function tooManyParameters(dialect: SqlDialect, part: string): FederationError {
  return new FederationError(
    400,
    'illegal_argument_exception',
    `${part} needs more values than ${DATABASE_NAMES[dialect.name]} accepts in one statement (at most ${dialect.maxParameters}); split it into several requests or use fewer terms or ids`
  );
}
