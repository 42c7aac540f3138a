import { describe, expect, it } from 'vitest';
import { jsonMarkers } from './json_markers';

describe('jsonMarkers', () => {
  it('marks a syntax error as an error at its line and column', () => {
    expect(jsonMarkers('{\n  "a": 1,\n}', undefined)).toEqual([
      {
        message: 'trailing comma: a property must follow ","',
        severity: 'error',
        startLineNumber: 3,
        startColumn: 1,
        endLineNumber: 3,
        endColumn: 2,
      },
    ]);
  });

  it('marks schema problems as warnings, and only for valid JSON', () => {
    const schema = { type: 'object', required: ['query'] };
    expect(jsonMarkers('{\n}', schema)).toEqual([
      expect.objectContaining({ message: 'missing property "query"', severity: 'warning' }),
    ]);
    expect(jsonMarkers('{', schema)).toEqual([expect.objectContaining({ severity: 'error' })]);
    expect(jsonMarkers('{"query": {}}', schema)).toEqual([]);
  });

  it('says nothing about an empty editor', () => {
    expect(jsonMarkers('  \n', { type: 'object' })).toEqual([]);
  });
});
