import { describe, expect, it } from 'vitest';
import { mysqlMappedType } from '../../../server/engine/connectors/mysql/mysql_types';
import { postgresMappedType } from '../../../server/engine/connectors/postgres/postgres_types';
import { sqliteMappedType } from '../../../server/engine/connectors/sqlite/sqlite_types';
import { sqlServerMappedType } from '../../../server/engine/connectors/sqlserver/sqlserver_types';
import { skippedColumnReason } from './skipped_column_reason';

describe('skippedColumnReason', () => {
  // Each remote type is one the server really skips (checked first), then explained.
  const cases: Array<[string, boolean, RegExp]> = [
    ['integer[]', postgresMappedType('integer[]') === null, /arrays/],
    ['jsonb', postgresMappedType('jsonb') === null, /JSON/],
    ['json', mysqlMappedType('json') === null, /JSON/],
    ['bytea', postgresMappedType('bytea') === null, /binary data/],
    ['BLOB', sqliteMappedType('BLOB') === null, /binary data/],
    ['', sqliteMappedType('') === null, /declared without a type/],
    ['timestamp', sqlServerMappedType('timestamp') === null, /row version/],
    ['bit(8)', mysqlMappedType('bit(8)') === null, /wider than one bit/],
    [
      'time without time zone',
      postgresMappedType('time without time zone') === null,
      /time of day/,
    ],
    ['interval', postgresMappedType('interval') === null, /duration/],
    ['geography', sqlServerMappedType('geography') === null, /spatial/],
    ['xml', sqlServerMappedType('xml') === null, /XML/],
    ['sql_variant', sqlServerMappedType('sql_variant') === null, /varying types/],
    ['inet', postgresMappedType('inet') === null, /does not recognise/],
  ];

  it.each(cases)('%s', (remoteType, skipped, reason) => {
    expect(skipped).toBe(true);
    expect(skippedColumnReason(remoteType)).toMatch(reason);
  });
});
