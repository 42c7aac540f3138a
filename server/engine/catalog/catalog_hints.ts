/**
 * What earlier requests of this process saw in the catalog: which index names were virtual
 * indices, and on which datasource. A hint only lets a request start reads sooner: the
 * datasource's entry and the caller's read check then run beside the catalog read instead of
 * after it (one round trip to OpenSearch instead of two before the first statement). Every answer
 * still comes from what the request itself reads, so a change made by another host is seen on
 * the next request; a wrong hint costs one read that nobody waits for.
 */
export class CatalogHints {
  /** Name to datasource, oldest first (a Map keeps insertion order). */
  private readonly datasources = new Map<string, string>();

  constructor(private readonly maxEntries = 10_000) {}

  /** The datasource `name` had when it was last read, if it was a virtual index. */
  datasourceOf(name: string): string | undefined {
    return this.datasources.get(name);
  }

  /** What a catalog read found for `name`: a virtual index on `datasource`, or none. */
  record(name: string, datasource: string | undefined): void {
    this.datasources.delete(name);
    if (datasource === undefined) return;
    this.datasources.set(name, datasource);
    if (this.datasources.size > this.maxEntries) {
      this.datasources.delete(this.datasources.keys().next().value!);
    }
  }
}
