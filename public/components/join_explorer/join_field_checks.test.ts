import { describe, expect, it } from 'vitest';
import { checkJoinFields, keyKindOf } from './join_field_checks';
import type { IndexField } from './mapping_fields';

const field = (name: string, type: string, types = [type]): IndexField => ({ name, type, types });

const companies = [
  field('id', 'long'),
  field('name', 'text'),
  field('name.keyword', 'keyword'),
  field('founded', 'date'),
  field('code', 'keyword'),
];
const articles = [
  field('id', 'long'),
  field('company_id', 'long'),
  field('company_code', 'keyword'),
  field('code', 'keyword'),
  field('founded', 'date'),
  field('title', 'text'),
];

describe('checkJoinFields', () => {
  it('has nothing to say about two long fields', () => {
    expect(checkJoinFields('id', 'company_id', companies, articles, false)).toEqual([]);
    expect(checkJoinFields('id', 'company_id', companies, articles, true)).toEqual([]);
  });

  it('flags a type mismatch as a warning', () => {
    const issues = checkJoinFields('id', 'company_code', companies, articles, false);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ severity: 'warning', kind: 'typeMismatch' });
    expect(issues[0].message).toContain('long');
    expect(issues[0].message).toContain('keyword');
  });

  it('lets a virtual child join on keyword keys as on integer ones', () => {
    expect(checkJoinFields('code', 'code', companies, articles, true)).toEqual([]);
    expect(checkJoinFields('id', 'company_id', companies, articles, true)).toEqual([]);
  });

  it('explains, as an error, that a virtual child takes integer or keyword keys only', () => {
    const issues = checkJoinFields('founded', 'founded', companies, articles, true);
    expect(issues).toEqual([
      expect.objectContaining({ severity: 'error', kind: 'virtualKeyType' }),
    ]);
    expect(issues[0].message).toMatch(/take integer or keyword keys/);
    expect(issues[0].message).toContain('founded (date), founded (date)');
  });

  it('refuses a text key and names its keyword sub-field', () => {
    const [issue] = checkJoinFields('name', 'code', companies, articles, false);
    expect(issue).toMatchObject({ severity: 'error', kind: 'textKey' });
    expect(issue.message).toContain('name.keyword');
  });

  it('notes fields the mapping lacks and fields a pattern maps differently', () => {
    const kinds = checkJoinFields(
      'missing',
      'id',
      companies,
      [field('id', 'conflict', ['keyword', 'long'])],
      false
    ).map((i) => i.kind);
    expect(kinds).toEqual(['unknownField', 'typeConflict']);
  });

  it('knows the numeric families', () => {
    expect(['long', 'integer', 'short', 'byte'].map(keyKindOf)).toEqual(Array(4).fill('integer'));
    expect(keyKindOf('scaled_float')).toBe('decimal');
    expect(keyKindOf('geo_point')).toBe('other');
  });
});
