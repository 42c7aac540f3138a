/** SQLite's jdbc.url: `jdbc:sqlite:<path>`, `jdbc:sqlite::memory:`, `jdbc:sqlite:file:<path>[?...]`. */
import type { SpecBase } from '../jdbc/jdbc_config';
import { decode, malformed, type ParseContext } from '../jdbc/parse_context';

export interface SqliteSpec extends SpecBase {
  kind: 'sqlite';
  /** A path, or `:memory:`. */
  file: string;
}

export function parseSqlite(context: ParseContext): SqliteSpec {
  let path = context.rest;
  // The Xerial driver reads pragmas from `?key=value` after the file name; they are not ours.
  const queryAt = path.indexOf('?');
  if (queryAt >= 0) path = path.slice(0, queryAt);
  if (path.toLowerCase().startsWith('file:')) {
    path = decode(context, path.slice('file:'.length), 'the file name');
    if (path.startsWith('//')) {
      const localPath = path.slice(2).replace(/^localhost(?=\/)/, '');
      if (!localPath.startsWith('/'))
        throw malformed(context, 'a file: URL must name a local path');
      path = localPath;
    }
  }
  if (path === '') throw malformed(context, 'it names no database file');
  if (path.startsWith(':') && path !== ':memory:') {
    throw malformed(context, `[${path}] is not supported; use a file path or :memory:`);
  }
  if (path.includes('\u0000')) throw malformed(context, 'the file name contains a NUL character');
  return { kind: 'sqlite', file: path };
}
