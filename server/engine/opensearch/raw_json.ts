import { randomBytes } from 'node:crypto';

/**
 * JSON text that goes into a request body as bytes when the body is sent (serializeBody), never
 * built as JS values: a join's `terms` filter of millions of keyword keys is written straight
 * from the packed key set (backends/keyword_keys.ts), where an array of JS strings and the JSON
 * string made of it cost three times the key set (Node 20 has no `JSON.rawJSON`). Anything else
 * that serializes it (a debug trace) gets the plain value.
 */
export class RawJson {
  constructor(
    /** The JSON text, written on demand. */
    private readonly text: () => Buffer,
    /** The same value as JS values, for anything but sending. */
    private readonly value: () => unknown,
    /** About how many bytes it holds on to (for caches that count). */
    readonly heldBytes: number
  ) {}

  toJSON(): unknown {
    if (splicing === null) return this.value();
    splicing.parts.push(this.text());
    return `${splicing.marker}${splicing.parts.length - 1}`;
  }
}

/** The serialization under way: raw parts in order, and the marker their places carry. */
let splicing: { marker: string; parts: Buffer[] } | null = null;

/**
 * A request body as sent: JSON text, with every RawJson's bytes in its place (a Buffer), or the
 * plain JSON string when it has none. JSON.stringify runs synchronously, so the module-level
 * state cannot be seen by another serialization; the marker is random per call, so no user
 * string can pass for one.
 */
export function serializeBody(body: unknown): string | Buffer {
  const marker = `\u0000raw-${randomBytes(8).toString('hex')}-`;
  splicing = { marker, parts: [] };
  let text: string;
  let parts: Buffer[];
  try {
    text = JSON.stringify(body);
    parts = splicing.parts;
  } finally {
    splicing = null;
  }
  if (parts.length === 0) return text;
  // Each place is the marker as a JSON string: `"\u0000raw-<hex>-<n>"`.
  const place = new RegExp(`"\\\\u0000raw-${marker.slice(5)}(\\d+)"`, 'g');
  const pieces: Buffer[] = [];
  let from = 0;
  for (const match of text.matchAll(place)) {
    pieces.push(Buffer.from(text.slice(from, match.index)), parts[Number(match[1])]);
    from = match.index + match[0].length;
  }
  pieces.push(Buffer.from(text.slice(from)));
  return Buffer.concat(pieces);
}
