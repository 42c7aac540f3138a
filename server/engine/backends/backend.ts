/**
 * What search/, join/, pit/ and graph/ ask of a set of indices, whoever answers it: OpenSearch,
 * or the SQL datasource behind virtual indices. Trino's connector SPI is the model: the layers
 * above speak the query DSL, a backend evaluates what it can and says what it could not.
 *
 * Nothing in backends/ imports search/, join/, pit/ or graph/ (an ESLint rule keeps it so).
 */
import type { BackendCall } from '../../../common/graph/graph_response';
import type { KeySet } from './key_set';
import type { FieldPredicate } from './field_predicate';
import type { BackendDocument } from './document_stream';

export type { BackendDocument };
export type { DocumentStream } from './document_stream';

export type BackendKind = 'opensearch' | 'virtual';

export type { BackendCall };

/** How one call runs: the caller's deadline, `preference`, and where `debug` collects calls. */
export interface CallOptions {
  /** OpenSearch's `preference`, passed to every search the call makes. */
  preference?: string;
  /** Aborts SQL statements (and stops streams) when the caller's deadline passes. */
  signal?: AbortSignal;
  /** Milliseconds the caller has left; each OpenSearch request waits at most that. */
  remainingMs?: () => number;
  /** Receives every executed request or statement, when the caller wants them (`debug`). */
  trace?: (call: BackendCall) => void;
}

export interface KeyOptions extends CallOptions {
  /** Most distinct keys; past it, a 400 naming `describe` and the setting. */
  limit: number;
  /** How errors name the work, e.g. `the join on [a]=[b] at [query]`. */
  describe: string;
  /** The setting that raises `limit`, named in the error (`maxJoinKeys` when absent). */
  setting?: string;
  /**
   * Called once, as soon as it is known, with how many documents the query matches (a join
   * planner's estimate without a `_count` of its own) and whether the first page held every key
   * (the read is then as good as done). Only OpenSearch key reads of a field other than `_id`
   * call it, with their first page.
   */
  onMatchCount?: (count: number, complete: boolean) => void;
}

export interface DocumentOptions extends CallOptions {
  /** `_source` fields to read (dotted paths); undefined reads the whole document. */
  fields?: string[];
  /** Most documents to read; past it the stream ends after setting `truncated` on the result. */
  limit?: number;
  /**
   * False when the caller needs no particular order: the backend may then skip sorting (a SQL
   * `ORDER BY` on the key can turn a bitmap scan of a few rows into a walk of the whole index).
   */
  ordered?: boolean;
  /**
   * About how many documents match (a hint, e.g. the keys the filter holds): with few expected
   * and no order wanted, a backend may read them in one request, checking the hint held.
   */
  expectedDocuments?: number;
  /**
   * Any `limit` documents will do (the first rows of a LIMIT, in no order): a backend may read
   * one page of `limit` and stop, without telling a cut stream from one that just fits.
   */
  anyUpToLimit?: boolean;
}

/** A field as the backend maps it: its type (`long`, `keyword`, `text`, `date`, ...) or null when unmapped. */
export type FieldType = string | null;

/**
 * One set of indices answered by one backend. Queries are OpenSearch query DSL objects (joins
 * already resolved); a virtual backend translates them to SQL on its datasource.
 */
export interface Backend {
  readonly kind: BackendKind;
  /** The index names it reads, as given. */
  readonly indices: readonly string[];
  /** The field's type (`_id` included: a virtual index's key column); null when no index maps it. */
  fieldType(field: string): Promise<FieldType>;
  /** The types of several fields, read together (one `_field_caps` request on OpenSearch). */
  fieldTypes(fields: readonly string[]): Promise<FieldType[]>;
  /** How many documents match `query` (exact). */
  count(query: unknown, options?: CallOptions): Promise<number>;
  /** The distinct values of `field` over the documents matching `query`, sorted, in a typed key set. */
  distinctKeys(field: string, query: unknown, options: KeyOptions): Promise<KeySet>;
  /**
   * The query DSL filter that keeps the documents whose `field` holds one of `keys`, in the form
   * this backend evaluates best (a RoaringBitmap, `terms` chunks, `ids`, a bound SQL list);
   * `match_none` for no keys. Scores stay constant.
   */
  keyFilter(
    field: string,
    keys: KeySet
  ): Promise<{ filter: unknown; form: 'none' | 'terms' | 'bitmap' | 'ids' }>;
  /**
   * The part of `predicate` this backend evaluates exactly (as query DSL), and what remains for
   * the caller to evaluate on fetched documents (null when nothing does).
   */
  applyFilter(
    predicate: FieldPredicate
  ): Promise<{ pushed: unknown | null; remaining: FieldPredicate | null }>;
  /**
   * Streams the documents matching `query`, in a stable order, reading only `fields` of `_source`.
   * Both backends return a `DocumentStream`, whose `truncated` tells after the loop whether
   * `limit` cut it short.
   */
  documents(query: unknown, options: DocumentOptions): AsyncIterable<BackendDocument>;
}

/** Opens the backend that answers a list of index names (all OpenSearch, or all virtual). */
export interface BackendFactory {
  open(indices: string[]): Promise<Backend>;
}
