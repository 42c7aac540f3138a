import { describe, expect, it } from 'vitest';
import { remoteColumn } from './remote_column';

describe('remoteColumn', () => {
  it('sets zoned on date columns only', () => {
    expect(remoteColumn('a', 'timestamptz', 'date', true, true)).toEqual({
      name: 'a',
      remoteType: 'timestamptz',
      mappedType: 'date',
      nullable: true,
      zoned: true,
    });
    expect(remoteColumn('b', 'int', 'long', false, true)).not.toHaveProperty('zoned');
  });

  it('sets deterministic on keyword columns only, when the connector knows it', () => {
    expect(remoteColumn('t', 'text', 'keyword', true, false, true)).toMatchObject({
      deterministic: true,
    });
    expect(remoteColumn('t', 'text', 'keyword', true, false, false)).toMatchObject({
      deterministic: false,
    });
    expect(remoteColumn('t', 'text', 'keyword', true, false)).not.toHaveProperty('deterministic');
    expect(remoteColumn('n', 'int', 'long', true, false, true)).not.toHaveProperty('deterministic');
  });
});
