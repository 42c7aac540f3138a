/**
 * Page-wide Monaco registrations (a language's tokenizer, completion provider, configuration)
 * shared by every editor that uses them: set up when the first editor needs them and disposed
 * when the last one unmounts, so providers are registered once per page, never twice, and none
 * outlives the editors (OSD keeps its shared Monaco for the whole session, across apps).
 */
export interface Disposable {
  dispose(): void;
}

export class SharedRegistrations {
  private readonly entries = new Map<string, { users: number; disposables: Disposable[] }>();

  /** Takes a use of `key`, running `setup` if nobody holds it; dispose the result to give it back. */
  acquire(key: string, setup: () => Disposable[]): Disposable {
    const entry = this.entries.get(key);
    if (entry) entry.users++;
    else this.entries.set(key, { users: 1, disposables: setup() });
    let released = false;
    return {
      dispose: () => {
        if (released) return;
        released = true;
        const held = this.entries.get(key);
        if (!held || --held.users > 0) return;
        this.entries.delete(key);
        for (const disposable of held.disposables) disposable.dispose();
      },
    };
  }

  /** How many editors hold `key` (for tests and diagnostics). */
  users(key: string): number {
    return this.entries.get(key)?.users ?? 0;
  }
}
