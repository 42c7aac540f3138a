/**
 * One caller's PIT opens in this process take turns at admission. A client that sends a hundred
 * opens at once past its limit would otherwise have every one of them race for the same places
 * (a storm of `_create` conflicts), and open an OpenSearch PIT beside each admission only to
 * close it again on the 429: about 1.2 s of this process's time and as much of OpenSearch's,
 * during which every other request waited. Taking turns, an open that waits behind another
 * opens its OpenSearch PIT only once admitted, and each refusal costs one read of the places.
 *
 * An open with nobody ahead is `alone`: it opens its OpenSearch PIT beside the admission, so a
 * single open keeps its one round trip less, unless the caller's last admission here was
 * refused (it is likely full: the PIT would be opened only to be closed). Opens by other
 * callers, and by the same caller on other hosts, never wait here: the places stay what makes
 * the count exact.
 */
export interface Turn {
  /** Open the OpenSearch PIT beside the admission: nobody ahead, and no refusal last time. */
  eager: boolean;
  /** Resolves when the opens ahead are admitted or refused. */
  ready: Promise<void>;
  /** Ends this turn with its admission's outcome (call once it is settled). */
  release(admitted: boolean): void;
}

export class CallerTurns {
  /** Per caller, the end of the last turn handed out. */
  private readonly tails = new Map<string, Promise<void>>();
  /** Callers whose last admission here was refused (bounded: a refusal is forgotten first). */
  private readonly refused = new Set<string>();

  constructor(private readonly maxRemembered = 10_000) {}

  take(caller: string): Turn {
    const ahead = this.tails.get(caller);
    let end!: () => void;
    const done = new Promise<void>((resolve) => (end = resolve));
    const tail = (ahead ?? Promise.resolve()).then(() => done);
    this.tails.set(caller, tail);
    void tail.then(() => {
      if (this.tails.get(caller) === tail) this.tails.delete(caller);
    });
    return {
      eager: ahead === undefined && !this.refused.has(caller),
      ready: ahead ?? Promise.resolve(),
      release: (admitted) => {
        this.refused.delete(caller);
        if (!admitted) this.refused.add(caller);
        if (this.refused.size > this.maxRemembered) {
          this.refused.delete(this.refused.values().next().value!);
        }
        end();
      },
    };
  }

  /** A PIT of `caller` closed here: its next open may well be admitted. */
  closed(caller: string): void {
    this.refused.delete(caller);
  }
}
