import { describe, expect, it } from 'vitest';
import { CatalogHints } from './catalog_hints';

describe('CatalogHints', () => {
  it('remembers the datasource a name was last read with, and forgets a name read as absent', () => {
    const hints = new CatalogHints();
    expect(hints.datasourceOf('a')).toBeUndefined();
    hints.record('a', 'pg');
    expect(hints.datasourceOf('a')).toBe('pg');
    hints.record('a', 'maria');
    expect(hints.datasourceOf('a')).toBe('maria');
    hints.record('a', undefined);
    expect(hints.datasourceOf('a')).toBeUndefined();
  });

  it('keeps at most its bound, dropping the name recorded longest ago', () => {
    const hints = new CatalogHints(2);
    hints.record('a', 'x');
    hints.record('b', 'x');
    hints.record('a', 'x'); // read again: now the newest
    hints.record('c', 'x');
    expect(hints.datasourceOf('b')).toBeUndefined();
    expect(hints.datasourceOf('a')).toBe('x');
    expect(hints.datasourceOf('c')).toBe('x');
  });
});
