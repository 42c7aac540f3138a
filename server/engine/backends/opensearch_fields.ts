import type { FieldCapsCache } from '../catalog/field_caps_cache';
import { badRequest } from '../errors';
import { ownValue } from '../sql/own_property';
import type { FieldType } from './backend';

/** How the indices map a field, as far as exact term-level matching depends on it. */
export interface FieldMapping {
  /** One type across the indices; null when none maps the field; `conflict` when they differ. */
  type: FieldType;
  /** Some index gives the keyword field a normalizer: terms then match other spellings. */
  normalized: boolean;
  /** The smallest `ignore_above`: longer values are not indexed, so no query finds them. */
  ignoreAbove: number | null;
  /** Some index maps the name as an alias of another field. */
  alias: boolean;
}

type FieldCaps = { fields?: Record<string, Record<string, unknown>> };

/** The field's one type in a `_field_caps` answer; null when unmapped, `conflict` when several. */
function typeIn(caps: FieldCaps, field: string): FieldType {
  // Own entries only: an unmapped `constructor` must not find Object.prototype's.
  const types = Object.keys(ownValue(caps.fields ?? {}, field) ?? {}).filter(
    (t) => t !== 'unmapped'
  );
  return types.length === 0 ? null : types.length === 1 ? types[0] : 'conflict';
}

/** Bytes of names per request: OpenSearch refuses a request line over 4 KiB. */
const URL_NAMES_BYTES = 3_000;

function urlSizedBatches(names: readonly string[]): string[][] {
  const batches: string[][] = [];
  let size = Infinity;
  for (const name of names) {
    const bytes = encodeURIComponent(name).length + 3;
    if (size + bytes > URL_NAMES_BYTES) {
      batches.push([]);
      size = 0;
    }
    batches[batches.length - 1].push(name);
    size += bytes;
  }
  return batches;
}

/** A GET of an index API (`_field_caps`, `_mapping/field/<f>`) on the backend's indices. */
type Request = <T>(api: string[], querystring?: Record<string, unknown>) => Promise<T>;

/** The process's field types (field_caps_cache.ts), who is asking, and of which indices. */
export interface KeptFieldTypes {
  cache: FieldCapsCache;
  caller: string;
  /** The index expression the requests name (`a,b`, `logs-*`). */
  indices: string;
}

/**
 * The field types and mapping parameters of a set of OpenSearch indices, read once per field
 * (`_field_caps` for the type, `_mapping/field` for normalizer and ignore_above). Types the
 * process kept for the caller (`kept`) are not asked again while fresh.
 */
export class OpenSearchFields {
  private readonly types = new Map<string, Promise<FieldType>>();
  private readonly mappings = new Map<string, Promise<FieldMapping>>();

  constructor(
    private readonly request: Request,
    /** False when the backend names no index (`/_search`): nothing is known about fields then. */
    private readonly known: boolean,
    private readonly kept?: KeptFieldTypes
  ) {}

  type(field: string): Promise<FieldType> {
    if (field === '_id') return Promise.resolve('keyword');
    // A name with an unpaired surrogate cannot travel in a URL; no index can map it either.
    if (/\p{Surrogate}/u.test(field)) {
      return Promise.reject(
        badRequest(
          `[${field}] is not valid Unicode text: it holds an unpaired surrogate; name fields as well-formed text`
        )
      );
    }
    if (!this.known) return Promise.resolve(null);
    if (!this.types.has(field) && !this.fromKept(field)) this.ask([field]);
    return this.types.get(field)!;
  }

  /**
   * The types of several fields, those not read yet asked together: one `_field_caps` request
   * per URL's worth of names (a graph model's relation fields, however many entities share the
   * indices). A name that a list would change (a comma splits it, a `*` expands it) or that
   * cannot travel in a URL is read alone, as `type` reads it.
   */
  typesOf(fields: readonly string[]): Promise<FieldType[]> {
    if (this.known) {
      const unread = [...new Set(fields)].filter(
        (f) =>
          f !== '_id' && !this.types.has(f) && !/[,*]|\p{Surrogate}/u.test(f) && !this.fromKept(f)
      );
      for (const batch of urlSizedBatches(unread)) this.ask(batch);
    }
    return Promise.all(fields.map((field) => this.type(field)));
  }

  /** Takes `field`'s type from the process's kept types when fresh there. */
  private fromKept(field: string): boolean {
    const kept = this.kept;
    const type = kept?.cache.typeOf(kept.caller, kept.indices, field);
    if (type === undefined) return false;
    this.types.set(field, Promise.resolve(type));
    return true;
  }

  /** One `_field_caps` request for `fields`; the types it answers are kept for the caller. */
  private ask(fields: string[]): void {
    const sentAt = Date.now();
    const caps = this.request<FieldCaps>(['_field_caps'], { fields: fields.join(',') });
    for (const field of fields)
      this.types.set(
        field,
        caps.then((c) => typeIn(c, field))
      );
    const kept = this.kept;
    if (kept)
      caps.then(
        (c) => {
          for (const field of fields)
            kept.cache.record(kept.caller, kept.indices, field, typeIn(c, field), sentAt);
        },
        () => {}
      );
  }

  mapping(field: string): Promise<FieldMapping> {
    let mapping = this.mappings.get(field);
    if (mapping === undefined) {
      mapping = Promise.all([this.type(field), this.parameters(field)]).then(([type, params]) => ({
        type,
        ...params,
      }));
      this.mappings.set(field, mapping);
    }
    return mapping;
  }

  private async parameters(field: string): Promise<Omit<FieldMapping, 'type'>> {
    const none = { normalized: false, ignoreAbove: null, alias: false };
    if (field === '_id' || !this.known) return none;
    const response = await this.request<
      Record<string, { mappings?: Record<string, { mapping?: Record<string, unknown> }> }>
    >(['_mapping', 'field', field]);
    const leaves = Object.values(response).flatMap((index) =>
      Object.values(ownValue(index.mappings ?? {}, field)?.mapping ?? {})
    ) as Array<{ type?: string; normalizer?: unknown; ignore_above?: unknown }>;
    const limits = leaves.flatMap((l) =>
      typeof l.ignore_above === 'number' ? [l.ignore_above] : []
    );
    return {
      normalized: leaves.some((l) => l.normalizer !== undefined),
      // Not Math.min(...limits): a pattern may match more indices than a call takes arguments.
      ignoreAbove: limits.length === 0 ? null : limits.reduce((a, b) => Math.min(a, b)),
      alias: leaves.some((l) => l.type === 'alias'),
    };
  }
}
