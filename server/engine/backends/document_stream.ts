/** A document as the response shows it (`SELECT v` in GQL, hits of a search). */
export interface BackendDocument {
  _index: string;
  _id: string;
  _source: Record<string, unknown>;
}

/**
 * What `Backend.documents` returns: the documents, and after the loop whether `limit` cut them
 * short. Each loop over it runs the read anew.
 */
export class DocumentStream implements AsyncIterable<BackendDocument> {
  /** True once the stream stopped at `limit` with more documents matching. */
  truncated = false;

  constructor(private readonly read: (stream: DocumentStream) => AsyncGenerator<BackendDocument>) {}

  [Symbol.asyncIterator](): AsyncIterator<BackendDocument> {
    return this.read(this);
  }
}
