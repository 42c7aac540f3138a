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
});
