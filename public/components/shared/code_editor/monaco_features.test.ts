import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each test gets a fresh module: what it provides is page-wide state.
beforeEach(() => vi.resetModules());

describe('monaco features', () => {
  it('provides nothing extra when the host provides nothing (inside OSD)', async () => {
    const features = await import('./monaco_features');
    await expect(features.loadMonacoFeatures()).resolves.toEqual({});
    expect(features.monacoFeatures()).toEqual({});
  });

  it("runs the host's loader once, with the first editor, and keeps its answer", async () => {
    const features = await import('./monaco_features');
    const jsonDefaults = { setDiagnosticsOptions: vi.fn() };
    const loader = vi.fn(async () => ({ jsonDefaults }) as never);
    features.provideMonacoFeatures(loader);
    expect(loader).not.toHaveBeenCalled();
    await Promise.all([features.loadMonacoFeatures(), features.loadMonacoFeatures()]);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(features.monacoFeatures().jsonDefaults).toBe(jsonDefaults);
  });
});
