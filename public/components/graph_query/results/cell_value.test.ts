import { describe, expect, it } from 'vitest';
import {
  cellSortValue,
  cellText,
  documentCaption,
  documentKey,
  isGraphDocument,
} from './cell_value';

const company = { _index: 'demo-companies', _id: '3', _source: { id: 3, name: 'Cobalt Health' } };

describe('cell values', () => {
  it('recognises whole-variable documents only', () => {
    expect(isGraphDocument(company)).toBe(true);
    expect(isGraphDocument({ _index: 'a', _id: 1, _source: {} })).toBe(false);
    expect(isGraphDocument({ _index: 'a', _id: '1' })).toBe(false);
    expect(isGraphDocument(['a'])).toBe(false);
    expect(isGraphDocument(null)).toBe(false);
  });

  it('keys and captions a document', () => {
    expect(documentKey(company)).toBe('demo-companies/3');
    expect(documentCaption(company)).toBe('Cobalt Health');
    expect(documentCaption({ _index: 'a', _id: '9', _source: { title: ' ' } })).toBe('9');
    expect(documentCaption({ _index: 'a', _id: '9', _source: { title: 'News' } })).toBe('News');
  });

  it('sorts numbers as numbers and documents by key', () => {
    expect(cellSortValue(10)).toBe(10);
    expect(cellSortValue('x')).toBe('x');
    expect(cellSortValue(null)).toBeNull();
    expect(cellSortValue(company)).toBe('demo-companies/3');
    expect(cellSortValue([1, 2])).toBe('[1,2]');
  });

  it('writes a cell as one line', () => {
    expect(cellText(null)).toBe('null');
    expect(cellText(['a', 1, null])).toBe('a, 1, null');
    expect(cellText({ a: 1 })).toBe('{"a":1}');
    expect(cellText(true)).toBe('true');
  });
});
