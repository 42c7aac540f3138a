import type { SqlDialect } from './dialect';

/**
 * The bound parameters of one statement, in order. `add` returns the placeholder to write into
 * the SQL text, so values never become part of the text and numbering stays right across
 * fragments built by different translators.
 */
export class ParamList {
  readonly values: unknown[] = [];

  constructor(private readonly dialect: SqlDialect) {}

  add(value: unknown): string {
    this.values.push(value);
    return this.dialect.placeholder(this.values.length);
  }
}
