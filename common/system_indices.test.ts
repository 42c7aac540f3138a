import { describe, expect, it } from 'vitest';
import { PIT_PLACE_INDEX } from '../server/engine/pit/pit_places';
import { PIT_INDEX } from '../server/engine/pit/pit_state';
import { DATASOURCE_INDEX, VIRTUAL_INDEX_INDEX } from './catalog_types';
import { SAVED_QUERY_INDEX } from './saved_query_types';
import { isSystemIndexName, SYSTEM_INDEX_PATTERN } from './system_indices';

describe('system indices', () => {
  it('covers every index the plugin keeps its state in', () => {
    for (const index of [
      DATASOURCE_INDEX,
      VIRTUAL_INDEX_INDEX,
      PIT_INDEX,
      PIT_PLACE_INDEX,
      SAVED_QUERY_INDEX,
    ]) {
      expect(isSystemIndexName(index), index).toBe(true);
      // Hidden indices start with a dot; the pattern that excludes them must reach them too.
      expect(index.startsWith(SYSTEM_INDEX_PATTERN.slice(0, -1)), index).toBe(true);
    }
  });

  it('recognises date math and other spellings of a system name, and nothing else', () => {
    expect(isSystemIndexName('<.federation-saved-queries-{now/d}>')).toBe(true);
    expect(isSystemIndexName(' .FEDERATION-saved-queries ')).toBe(true);
    expect(isSystemIndexName('federation-saved-queries')).toBe(false);
    expect(isSystemIndexName('.federation')).toBe(false);
  });
});
