/**
 * Offsets to 1-based lines and columns. Columns count UTF-16 code units, like the offsets;
 * `endColumn` is exclusive (the column just after the last character), as `end` is.
 */
import type { SourceRange } from './ast';

const LINE_BREAK = /\r\n|\r|\n/g;

export class SourceText {
  /** Offset at which each line starts; `lineStarts[0]` is 0. */
  private readonly lineStarts: number[] = [0];

  constructor(readonly text: string) {
    for (const match of text.matchAll(LINE_BREAK)) {
      this.lineStarts.push(match.index + match[0].length);
    }
  }

  /** 1-based line and column of an offset (clamped to the text). */
  position(offset: number): { line: number; column: number } {
    const at = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid] <= at) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: at - this.lineStarts[low] + 1 };
  }

  range(start: number, end: number): SourceRange {
    const from = this.position(start);
    const to = this.position(Math.max(start, end));
    return {
      start,
      end: Math.max(start, end),
      line: from.line,
      column: from.column,
      endLine: to.line,
      endColumn: to.column,
    };
  }
}
