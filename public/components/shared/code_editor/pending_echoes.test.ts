import { describe, expect, it } from 'vitest';
import { PendingEchoes } from './pending_echoes';

describe('PendingEchoes', () => {
  it('knows a late render of an earlier report as an echo, not a new text', () => {
    const echoes = new PendingEchoes();
    for (const text of ['S', 'SE', 'SEL', 'SELE']) echoes.sent(text);
    // The parent renders `SEL` while the editor already holds `SELE`.
    expect(echoes.isEcho('SEL')).toBe(true);
    expect(echoes.isEcho('SELE')).toBe(true);
    // Settled: the same text again (e.g. a reset to it) is the parent's own.
    expect(echoes.isEcho('SELE')).toBe(false);
  });

  it('takes the oldest match when the user typed a text twice (type, then delete)', () => {
    const echoes = new PendingEchoes();
    for (const text of ['a', 'ab', 'a']) echoes.sent(text);
    expect(echoes.isEcho('a')).toBe(true);
    expect(echoes.isEcho('ab')).toBe(true);
    expect(echoes.isEcho('a')).toBe(true);
  });

  it("treats a text the editor never reported as the parent's, and forgets the reports", () => {
    const echoes = new PendingEchoes();
    echoes.sent('x');
    expect(echoes.isEcho('opened saved query')).toBe(false);
    expect(echoes.isEcho('x')).toBe(false);
  });
});
