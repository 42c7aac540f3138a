/**
 * The texts the editor reported through `onChange` that the parent has not rendered back yet.
 *
 * A parent that owns the text renders each reported text back as the `value` prop, but later
 * than it was typed: React renders and runs effects in tasks of their own, and on a busy page
 * (results drawing, a chart laying out) several keys are handled first. Such a `value` is an old
 * text of the editor's own, not a new one from the parent; applying it would replace what the
 * user typed since (lost or moved characters, brackets auto-closed twice). A `value` matching a
 * pending report is an echo; anything else is the parent's own (a saved query opened, a reset).
 */

/** Enough for any render lag; a parent that never renders the text back cannot grow it for ever. */
const MAX_PENDING = 200;

export class PendingEchoes {
  private readonly pending: string[] = [];

  /** The editor reported `text` to the parent. */
  sent(text: string): void {
    this.pending.push(text);
    if (this.pending.length > MAX_PENDING) this.pending.shift();
  }

  /**
   * Whether `value` is the parent rendering a reported text back. It and the older reports are
   * then settled (the parent renders reports in order); a `value` of the parent's own settles
   * them all, since the editor then takes it.
   */
  isEcho(value: string): boolean {
    const at = this.pending.indexOf(value);
    this.pending.splice(0, at < 0 ? this.pending.length : at + 1);
    return at >= 0;
  }
}
