import type { Request } from 'mssql';
import type { Row } from '../connector';

/**
 * Rows of one request, buffered up to `highWater` and handed out a batch at a time. The request
 * is paused while the buffer is full and resumed when the consumer takes it.
 */
export class RowBuffer {
  private rows: Row[] = [];
  private ended = false;
  private failure: { error: unknown } | null = null;
  private paused = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly request: Request,
    private readonly highWater: number
  ) {}

  push(row: Row): void {
    this.rows.push(row);
    if (!this.paused && this.rows.length >= this.highWater) {
      this.paused = this.request.pause();
    }
    this.notify();
  }

  fail(error: unknown): void {
    this.failure ??= { error };
    this.notify();
  }

  end(): void {
    this.ended = true;
    this.notify();
  }

  get done(): boolean {
    return this.ended;
  }

  /** The buffered rows; an empty array means the result is complete. */
  async take(): Promise<Row[]> {
    for (;;) {
      if (this.rows.length > 0) {
        const batch = this.rows;
        this.rows = [];
        if (this.paused) {
          this.paused = false;
          this.request.resume();
        }
        return batch;
      }
      if (this.failure) throw this.failure.error;
      if (this.ended) return [];
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
