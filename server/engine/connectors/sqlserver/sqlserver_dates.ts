/** SQL Server's date and time values, read back as the text the server stores. */
import {
  Date as SqlDate,
  DateTime,
  DateTime2,
  DateTimeOffset,
  SmallDateTime,
  Time,
  type IColumnMetadata,
} from 'mssql';

export type DateConverter = (value: Date) => string;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function utcDate(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function utcTime(d: Date): string {
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
}

/**
 * tedious hands every date type back as a JS Date. With `useUTC` the wall-clock types carry the
 * stored value in their UTC fields, so this rebuilds the server's text (to milliseconds);
 * datetimeoffset is an instant and becomes ISO 8601 UTC.
 */
export function sqlServerDateConverter(type: unknown): DateConverter | undefined {
  switch (type) {
    case SqlDate:
      return utcDate;
    case DateTime:
    case DateTime2:
    case SmallDateTime:
      return (d) => `${utcDate(d)} ${utcTime(d)}`;
    case DateTimeOffset:
      return (d) => d.toISOString();
    case Time:
      return utcTime;
    default:
      return undefined;
  }
}

/** A result's columns as mssql gives them in `arrayRowMode`: in order, one per row value. */
export type ColumnList = ReadonlyArray<IColumnMetadata[string]>;

/** The converters of the date columns, by position. */
export function dateConverters(columns: ColumnList): Array<[number, DateConverter]> {
  const converters: Array<[number, DateConverter]> = [];
  columns.forEach((column, i) => {
    const convert = sqlServerDateConverter(column.type);
    if (convert) converters.push([i, convert]);
  });
  return converters;
}
