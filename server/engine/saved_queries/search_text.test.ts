import { describe, expect, it } from 'vitest';
import { searchText } from './search_text';

describe('searchText', () => {
  it('makes each word a prefix and ignores blank input', () => {
    expect(searchText(undefined)).toBeUndefined();
    expect(searchText('   ')).toBeUndefined();
    expect(searchText(' - | ')).toBeUndefined();
    expect(searchText('inv')).toBe('inv*');
    expect(searchText('  top   funded ')).toBe('top* funded*');
  });

  it('cuts words where the analyzer does and keeps quoted phrases', () => {
    expect(searchText('top-funded q_1 Überblick')).toBe('top* funded* q_1* Überblick*');
    expect(searchText('comp "bad news"')).toBe('comp* "bad news"');
    expect(searchText('-fund* (x|y)')).toBe('fund* x* y*');
  });
});
