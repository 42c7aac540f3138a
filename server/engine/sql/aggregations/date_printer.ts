/**
 * Prints instants as OpenSearch's date formats do for `key_as_string`, `value_as_string` and
 * `from_as_string`: the first format of a `||` list, in the aggregation's time zone, with an
 * offset of zero written `Z`. Built-in names map to java.time patterns; patterns are printed
 * letter by letter (a subset of java.time's letters; others are a 400).
 */
import { ownValue } from '../own_property';
import { badRequest } from '../../errors';
import { DEFAULT_DATE_FORMAT } from '../date_formats';
import { UTC_RULES, type ZoneRules } from './zone_rules';

export type DatePrinter = (epochMs: number) => string;

const ISO_OPTIONAL_TIME = "yyyy-MM-dd'T'HH:mm:ss.SSSXXX";

const NAMED_PATTERNS: Record<string, string> = {
  date_optional_time: ISO_OPTIONAL_TIME,
  date_optional_time_nanos: ISO_OPTIONAL_TIME,
  date_time: ISO_OPTIONAL_TIME,
  date_time_no_millis: "yyyy-MM-dd'T'HH:mm:ssXXX",
  date: 'yyyy-MM-dd',
  year_month_day: 'yyyy-MM-dd',
  year_month: 'yyyy-MM',
  year: 'yyyy',
  date_hour: "yyyy-MM-dd'T'HH",
  date_hour_minute: "yyyy-MM-dd'T'HH:mm",
  date_hour_minute_second: "yyyy-MM-dd'T'HH:mm:ss",
  date_hour_minute_second_millis: "yyyy-MM-dd'T'HH:mm:ss.SSS",
  date_hour_minute_second_fraction: "yyyy-MM-dd'T'HH:mm:ss.SSS",
  hour: 'HH',
  hour_minute: 'HH:mm',
  hour_minute_second: 'HH:mm:ss',
  hour_minute_second_millis: 'HH:mm:ss.SSS',
  hour_minute_second_fraction: 'HH:mm:ss.SSS',
  ordinal_date: 'yyyy-DDD',
  basic_date: 'yyyyMMdd',
  basic_date_time: "yyyyMMdd'T'HHmmss.SSSXX",
  basic_date_time_no_millis: "yyyyMMdd'T'HHmmssXX",
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface Fields {
  date: Date;
  offsetMs: number;
}

type Token = (fields: Fields) => string;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** java.time's year printing: padded to the width, a sign beyond four digits or before year 0. */
function year(value: number, count: number): string {
  if (count === 2) return pad(((value % 100) + 100) % 100, 2);
  const digits = pad(Math.abs(value), count);
  if (value < 0) return `-${digits}`;
  return count >= 4 && value > 9999 ? `+${digits}` : digits;
}

/** `+HH:MM` (colon) or `+HHMM`; `Z` for zero when `zulu`; minutes left out when `short`. */
function offset(ms: number, colon: boolean, zulu: boolean, short = false): string {
  if (ms === 0 && zulu) return 'Z';
  const sign = ms < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const hh = pad(Math.floor(minutes / 60), 2);
  const mm = pad(minutes % 60, 2);
  if (short && mm === '00') return `${sign}${hh}`;
  return `${sign}${hh}${colon ? ':' : ''}${mm}`;
}

/** What a refused [format] may use instead. */
const PATTERN_ADVICE =
  'build it from the letters [y, u, M, d, D, H, k, h, K, m, s, S, a, E, X, x, Z], ' +
  'quote literal text in single quotes, or use a named format such as [strict_date_optional_time] or [epoch_millis]';

function letterToken(letter: string, count: number, pattern: string): Token {
  switch (letter) {
    case 'y':
    case 'u':
      return ({ date }) => year(date.getUTCFullYear(), count);
    case 'M':
      if (count === 3) return ({ date }) => MONTHS[date.getUTCMonth()].slice(0, 3);
      if (count >= 4) return ({ date }) => MONTHS[date.getUTCMonth()];
      return ({ date }) => pad(date.getUTCMonth() + 1, count);
    case 'd':
      return ({ date }) => pad(date.getUTCDate(), count);
    case 'D':
      return ({ date }) =>
        pad(
          Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000) + 1,
          count
        );
    case 'H':
      return ({ date }) => pad(date.getUTCHours(), count);
    case 'k':
      return ({ date }) => pad(date.getUTCHours() || 24, count);
    case 'h':
      return ({ date }) => pad(date.getUTCHours() % 12 || 12, count);
    case 'K':
      return ({ date }) => pad(date.getUTCHours() % 12, count);
    case 'm':
      return ({ date }) => pad(date.getUTCMinutes(), count);
    case 's':
      return ({ date }) => pad(date.getUTCSeconds(), count);
    case 'S':
      // Fraction digits: milliseconds, then zeros (the index keeps milliseconds).
      return ({ date }) => pad(date.getUTCMilliseconds(), 3).padEnd(count, '0').slice(0, count);
    case 'a':
      return ({ date }) => (date.getUTCHours() < 12 ? 'AM' : 'PM');
    case 'E':
      return ({ date }) =>
        count >= 4 ? DAYS[date.getUTCDay()] : DAYS[date.getUTCDay()].slice(0, 3);
    case 'X':
      return ({ offsetMs }) => offset(offsetMs, count >= 3, true, count === 1);
    case 'x':
      return ({ offsetMs }) => offset(offsetMs, count >= 3, false, count === 1);
    case 'Z':
      if (count === 5) return ({ offsetMs }) => offset(offsetMs, true, true);
      if (count <= 3) return ({ offsetMs }) => offset(offsetMs, false, false);
      break;
  }
  throw badRequest(
    `the date format [${pattern}] uses [${letter.repeat(count)}], which is not supported; ${PATTERN_ADVICE}`
  );
}

function compile(pattern: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end === -1) {
        throw badRequest(
          `the date format [${pattern}] has an unclosed quote; close it, or write a literal quote as ['']`
        );
      }
      const literal = end === i + 1 ? "'" : pattern.slice(i + 1, end);
      tokens.push(() => literal);
      i = end + 1;
    } else if (/[A-Za-z]/.test(c)) {
      let count = 1;
      while (pattern[i + count] === c) count++;
      tokens.push(letterToken(c, count, pattern));
      i += count;
    } else if ('[]#{}'.includes(c)) {
      throw badRequest(
        `the date format [${pattern}] uses [${c}], which is not supported; ${PATTERN_ADVICE}`
      );
    } else {
      tokens.push(() => c);
      i += 1;
    }
  }
  return tokens;
}

function epochPrinter(unitMs: number): DatePrinter {
  return (epochMs) => {
    if (unitMs === 1) return String(epochMs);
    const seconds = Math.floor(epochMs / unitMs);
    const rest = epochMs - seconds * unitMs;
    return rest === 0 ? String(seconds) : `${seconds}.${pad(rest, 3).replace(/0+$/, '')}`;
  };
}

/** The printer of `format` (the field's default when absent) in `zone` (UTC when absent). */
export function datePrinter(format: string | undefined, zone: ZoneRules = UTC_RULES): DatePrinter {
  const first = (format ?? DEFAULT_DATE_FORMAT).split('||')[0].trim();
  if (first === 'epoch_millis') return epochPrinter(1);
  if (first === 'epoch_second') return epochPrinter(1000);
  const name = first.startsWith('strict_') ? first.slice('strict_'.length) : first;
  const tokens = compile(ownValue(NAMED_PATTERNS, name) ?? first);
  return (epochMs) => {
    const offsetMs = zone.offsetAt(epochMs);
    const fields = { date: new Date(epochMs + offsetMs), offsetMs };
    return tokens.map((token) => token(fields)).join('');
  };
}
