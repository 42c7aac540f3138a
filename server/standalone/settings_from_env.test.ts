import { describe, expect, it } from 'vitest';
import { settingsFromEnv } from './settings_from_env';

describe('settingsFromEnv', () => {
  it('reads FEDERATION_* variables and keeps defaults for the rest', () => {
    expect(settingsFromEnv({ FEDERATION_MAX_REQUEST_BYTES: '2048' }).maxRequestBytes).toBe(2048);
    expect(settingsFromEnv({}).maxRequestBytes).toBe(10 * 1024 * 1024);
    expect(settingsFromEnv({ FEDERATION_JOIN_BITMAP_FILTER: 'false' }).joinBitmapFilter).toBe(
      false
    );
  });

  it('stops on an invalid value with a message naming it', () => {
    expect(() => settingsFromEnv({ FEDERATION_MAX_REQUEST_BYTES: '-1' })).toThrow(/FEDERATION_/);
  });
});
