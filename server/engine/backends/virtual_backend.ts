import type { VirtualIndexColumn } from '../../../common/catalog_types';
import { translateQuery } from '../sql/query_translator';
import { rowToSource } from '../sql/row_to_source';
import { renderSql, type SqlFragment, type Statement } from '../sql/sql_fragment';
import { countRows, distinctKeys, orderByColumn, selectList, selectRows } from '../sql/statements';
import {
  resolveColumn,
  type ResolvedColumn,
  type TranslationContext,
} from '../sql/translation_context';
import type {
  Backend,
  BackendDocument,
  CallOptions,
  DocumentOptions,
  FieldType,
  KeyOptions,
} from './backend';
import { DocumentStream } from './document_stream';
import type { FieldPredicate } from './field_predicate';
import {
  keyChunks,
  keyCount,
  KeySetBuilder,
  tooManyKeys,
  unionKeySets,
  type KeySet,
} from './key_set';
import { idOf } from './key_values';
import { leafDsl, splitPredicate } from './predicate_split';
import type { VirtualTarget } from './virtual_target';

/** Rows up to which a bounded document read runs as one plain statement instead of a cursor. */
const ONE_STATEMENT_ROWS = 200_000;

/**
 * Virtual indices, answered by SQL on their datasources: the query DSL becomes the WHERE clause
 * of one statement per index (sql/query_translator.ts), and `_id` is the key column.
 */
export class VirtualBackend implements Backend {
  readonly kind = 'virtual' as const;
  readonly indices: readonly string[];

  constructor(
    /** The opened indices, one per distinct name. */
    readonly targets: readonly VirtualTarget[]
  ) {
    this.indices = targets.map((t) => t.name);
  }

  /** The datasource all the indices read, when they share one (joins there run as one statement). */
  get datasource(): string | undefined {
    const datasources = new Set(this.targets.map((t) => t.definition.datasource));
    return datasources.size === 1 ? [...datasources][0] : undefined;
  }

  /** The field's type in one of the indices (`_id`: its key column's); null when it has none. */
  fieldTypeIn(index: string, field: string): FieldType {
    const target = this.targets.find((t) => t.name === index);
    return target === undefined ? null : (columnOf(target, field)?.column.type ?? null);
  }

  async fieldType(field: string): Promise<FieldType> {
    const types = new Set(this.indices.map((name) => this.fieldTypeIn(name, field)));
    types.delete(null);
    return types.size === 0 ? null : types.size === 1 ? [...types][0] : 'conflict';
  }

  fieldTypes(fields: readonly string[]): Promise<FieldType[]> {
    return Promise.all(fields.map((field) => this.fieldType(field)));
  }

  async count(query: unknown, options: CallOptions = {}): Promise<number> {
    let total = 0;
    for (const target of this.targets) {
      const ctx = target.newContext();
      const statement = countRows(target.resourceSql, translateQuery(query, ctx));
      const [row] = await this.query(target, renderSql(statement, ctx.dialect), options);
      total += Number(row.total);
    }
    return total;
  }

  /**
   * One `SELECT DISTINCT` per index carrying the translated query, streamed in key order into a
   * typed key set. An index without the field adds no key, as an unmapped field in OpenSearch.
   */
  async distinctKeys(field: string, query: unknown, options: KeyOptions): Promise<KeySet> {
    const sets: KeySet[] = [];
    for (const target of this.targets) {
      const ctx = target.newContext();
      const column = columnOf(target, field, ctx);
      if (column === null) continue;
      const where = translateQuery(query, ctx);
      const statement = render(distinctKeys(column.sql, target.resourceSql, where), ctx);
      const builder = new KeySetBuilder(options.limit, options.describe, options.setting);
      options.trace?.(this.traced(target, statement));
      // Each key goes into the builder as its row arrives (no cursor on PostgreSQL, so its
      // parallel workers may run the statement; no rows held); past the limit the builder throws.
      await target.forEachRow(
        statement.sql,
        statement.params,
        (row) => builder.add(keyValue(row.k, column.column, target.timezone)),
        options.signal
      );
      sets.push(builder.build());
    }
    const keys = unionKeySets(sets);
    if (keyCount(keys) > options.limit)
      throw tooManyKeys(options.limit, options.describe, options.setting);
    return keys;
  }

  /** A `terms` (or, for `_id`, `ids`) query, which the SQL translator binds as one key list. */
  async keyFilter(
    field: string,
    keys: KeySet
  ): Promise<{ filter: unknown; form: 'none' | 'terms' | 'bitmap' | 'ids' }> {
    if (keyCount(keys) === 0) return { filter: { match_none: {} }, form: 'none' };
    const all = [...keyChunks(keys, keyCount(keys))][0];
    if (field === '_id') return { filter: { ids: { values: all.map(String) } }, form: 'ids' };
    return { filter: { terms: { [field]: all } }, form: 'terms' };
  }

  /** Whatever the SQL translator takes is evaluated by the database; what it refuses remains. */
  applyFilter(predicate: FieldPredicate) {
    return splitPredicate(predicate, async (leaf) => {
      const dsl = leafDsl(leaf, leaf.field);
      try {
        for (const target of this.targets) {
          const ctx = target.newContext();
          render(translateQuery(dsl, ctx), ctx);
        }
        return dsl;
      } catch {
        return null;
      }
    });
  }

  /**
   * One SELECT of the needed columns per index, in key order, streamed; `_id` is the key as
   * text (without a key: the index name and the row's position, as searches show it).
   */
  documents(query: unknown, options: DocumentOptions): DocumentStream {
    return new DocumentStream((stream) => this.readDocuments(query, options, stream));
  }

  private async *readDocuments(
    query: unknown,
    options: DocumentOptions,
    stream: DocumentStream
  ): AsyncGenerator<BackendDocument> {
    const limit = options.limit ?? Infinity;
    let read = 0;
    for (const target of this.targets) {
      const ctx = target.newContext();
      const key = target.definition.key;
      const shown = target.definition.columns.filter(
        (c) => options.fields === undefined || options.fields.includes(c.name)
      );
      const keyShown = key !== undefined && shown.some((c) => c.name === key);
      const keyColumn = key === undefined ? [] : [target.columns.get(key)!];
      const selected = new Map<string, VirtualIndexColumn>(shown.map((c) => [c.name, c]));
      if (key !== undefined) selected.set(key, target.columns.get(key)!);
      const columns = [...selected.values()];
      const where = translateQuery(query, ctx);
      const order =
        key !== undefined && options.ordered !== false ? orderByColumn(ctx.dialect, key) : '';
      // One past the limit tells a cut stream from one that just fits.
      const paging = { limit: limit === Infinity ? null : limit - read + 1, offset: 0 };
      const select = selectList(ctx.dialect, columns);
      const statement = render(
        selectRows(ctx.dialect, select, target.resourceSql, where, order, paging),
        ctx
      );
      options.trace?.(this.traced(target, statement));
      let position = 0;
      // A read bounded by a small limit is held whole by its caller anyway: one plain statement
      // (one round trip, parallel workers allowed) beats a cursor's batches.
      const rows =
        limit - read <= ONE_STATEMENT_ROWS
          ? await target.query(statement.sql, statement.params, options.signal)
          : target.stream(statement.sql, statement.params, options.signal);
      for await (const row of rows) {
        if (read === limit) {
          stream.truncated = true;
          return;
        }
        // One conversion of the shown columns; the key is converted apart only when not shown.
        const source = rowToSource(row, shown, target.timezone);
        read++;
        yield {
          _index: target.name,
          _id:
            key === undefined
              ? `${target.name}:${position}`
              : idOf(keyShown ? source[key] : rowToSource(row, keyColumn, target.timezone)[key]),
          _source: source,
        };
        position++;
      }
    }
  }

  private query(target: VirtualTarget, statement: Statement, options: CallOptions) {
    options.trace?.(this.traced(target, statement));
    return target.query(statement.sql, statement.params, options.signal);
  }

  private traced(target: VirtualTarget, statement: Statement) {
    return {
      kind: 'sql' as const,
      datasource: target.definition.datasource,
      sql: statement.sql,
      params: [...statement.params],
    };
  }
}

function render(fragment: SqlFragment, ctx: TranslationContext): Statement {
  return renderSql(fragment, ctx.dialect);
}

/** The column behind a field of one index; `_id` is the key column (none without a key). */
function columnOf(
  target: VirtualTarget,
  field: string,
  ctx: TranslationContext = target.newContext()
): ResolvedColumn | null {
  if (field === '_id') {
    const key = target.definition.key;
    return key === undefined ? null : resolveColumn(ctx, key);
  }
  return resolveColumn(ctx, field);
}

/**
 * A key as documents show it (dates as ISO instants, booleans as booleans). Integer columns keep
 * drivers' BIGINT text as a number, so a key past 2^53 is refused rather than turned into text.
 */
function keyValue(value: unknown, column: VirtualIndexColumn, timezone: string): unknown {
  if (column.type === 'long')
    return typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  // Text as the driver read it (the usual keyword key): no row conversion per key.
  if (column.type === 'keyword' && typeof value === 'string') return value;
  return rowToSource({ [column.name]: value }, [column], timezone)[column.name];
}
