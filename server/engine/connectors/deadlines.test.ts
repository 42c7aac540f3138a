import { describe, expect, it } from 'vitest';
import { withDeadline, withTimeout } from './deadlines';

describe('withTimeout', () => {
  it('withTimeout falls back when the promise hangs or fails', async () => {
    expect(await withTimeout(Promise.resolve(1), 10, 0)).toBe(1);
    expect(await withTimeout(Promise.reject(new Error('x')), 10, 0)).toBe(0);
    expect(await withTimeout(new Promise<number>(() => undefined), 10, 0)).toBe(0);
  });
});

describe('withDeadline', () => {
  it('rejects at the deadline and hands a late value to `late`', async () => {
    let resolveLate: (value: string) => void = () => undefined;
    const late: string[] = [];
    const pending = withDeadline(
      new Promise<string>((resolve) => (resolveLate = resolve)),
      10,
      () => new Error('too late'),
      (value) => late.push(value)
    );
    await expect(pending).rejects.toThrow('too late');
    resolveLate('connection');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(late).toEqual(['connection']);
  });

  it('resolves in time without calling `late`', async () => {
    const late: string[] = [];
    await expect(
      withDeadline(
        Promise.resolve('ok'),
        1_000,
        () => new Error('x'),
        (v) => late.push(v)
      )
    ).resolves.toBe('ok');
    expect(late).toEqual([]);
  });
});
