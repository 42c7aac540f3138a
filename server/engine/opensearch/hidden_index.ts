import { answeredError, expecting, isAlreadyExists } from './client_errors';
import { type OpenSearchGateway, opensearchPath } from './opensearch_gateway';

/**
 * One of our small hidden system indices (catalog, saved queries), created on first use with a
 * strict mapping. Every start of every server process creates it: "already exists" (400) is the
 * usual answer, so it comes back as a response (OSD logs no error), and the mapping is then
 * brought up to date; any other 400 is still one.
 * A concurrent creator winning the race is fine; a failed creation is retried on the next use.
 */
export class HiddenIndex {
  private ready: Promise<void> | null = null;

  constructor(
    private readonly openSearch: OpenSearchGateway,
    readonly name: string,
    private readonly properties: Record<string, unknown>
  ) {}

  ensure(): Promise<void> {
    this.ready ??= this.create().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  private async create(): Promise<void> {
    const answer = await this.openSearch.request(
      {
        method: 'PUT',
        path: opensearchPath(this.name),
        body: {
          settings: { index: { hidden: true, number_of_shards: 1, auto_expand_replicas: '0-1' } },
          mappings: { dynamic: 'strict', properties: this.properties },
        },
      },
      expecting(400)
    );
    const error = answeredError(answer);
    if (error === null) return;
    if (!isAlreadyExists(error)) throw error;
    // Created by an earlier version: fields added since then must be mapped before a strict
    // mapping takes documents holding them (adding fields is the only change this makes).
    await this.openSearch.request({
      method: 'PUT',
      path: opensearchPath(this.name, '_mapping'),
      body: { properties: this.properties },
    });
  }
}
