/**
 * Reading date text with OpenSearch's formats: the built-in names (`strict_date_optional_time`,
 * `epoch_millis`, ...), `||` lists tried in order, and custom java.time patterns (`yyyy-MM-dd`)
 * mapped onto luxon. The result is raw fields: defaults for missing ones depend on rounding,
 * which date_math.ts decides.
 */
import { DateTime, type Zone } from 'luxon';
import { FederationError } from '../errors';
import { parseZone } from './zoned_time';

/** OpenSearch's format for a `date` field without an explicit one. */
export const DEFAULT_DATE_FORMAT = 'strict_date_optional_time||epoch_millis';

/** The fields a format found; absent ones were not in the text. */
export interface DateFields {
  year?: number;
  month?: number;
  day?: number;
  hour?: number;
  minute?: number;
  second?: number;
  /** Nanoseconds of the second, when the text had a fraction. */
  nano?: number;
  /** A zone or offset written in the text; it wins over the query's `time_zone`. */
  zone?: Zone;
}

export type ParsedDate =
  /**
   * `utcUnlessRoundingUp`: OpenSearch's `basic_date` parsers read the text in UTC, whatever the
   * query's `time_zone`, except the round-up parser (observed on OpenSearch 3).
   */
  | { kind: 'fields'; fields: DateFields; utcUnlessRoundingUp?: boolean }
  /** Epoch formats. `roundUpMs` is added when rounding up. */
  | { kind: 'instant'; epochMs: number; roundUpMs: number };

export function dateParseError(text: string, format: string): FederationError {
  return new FederationError(
    400,
    'parse_exception',
    `failed to parse date field [${text}] with format [${format}]`
  );
}

/** Parses `text` with the first format of `format` (a `||` list) that accepts it. */
export function parseDateText(text: string, format: string = DEFAULT_DATE_FORMAT): ParsedDate {
  for (const alternative of format.split('||')) {
    const parsed = parseWith(text, alternative.trim());
    if (parsed) return parsed;
  }
  throw dateParseError(text, format);
}

function parseWith(text: string, format: string): ParsedDate | null {
  if (format === 'epoch_millis') return parseEpoch(text, 1);
  if (format === 'epoch_second') return parseEpoch(text, 1000);
  const named = NAMED_FORMATS.get(format);
  if (named) return parseTemplate(text, named);
  return parseCustomPattern(text, format);
}

// ---------------------------------------------------------------------------------------------
// Epochs

/**
 * OpenSearch's EpochTime parsers, quirks included (checked against OpenSearch 3): a fraction of
 * epoch seconds is added even to a negative number (`-5.5` is -4.5 s) while a fraction of
 * epoch millis carries the sign (`-5.5` is -6 ms after flooring); rounding up fills the missing
 * sub-unit digits with nines, which for a negative epoch_millis value means one millisecond less.
 */
function parseEpoch(text: string, unitMs: number): ParsedDate | null {
  const match = /^([+-]?)(\d+)(?:\.(\d{1,9}))?$/.exec(text);
  if (!match) return null;
  const sign = match[1] === '-' ? -1 : 1;
  const whole = Number(match[2]);
  const fraction = match[3] ? Number(`0.${match[3]}`) : 0;
  const epochMs =
    unitMs === 1
      ? Math.floor(sign * (whole + fraction))
      : Math.floor(sign * whole * unitMs + fraction * unitMs);
  if (!Number.isFinite(epochMs) || Math.abs(epochMs) > 8.64e15) return null;
  let roundUpMs = 0;
  if (!match[3]) roundUpMs = unitMs > 1 ? unitMs - 1 : sign < 0 ? -1 : 0;
  return { kind: 'instant', epochMs, roundUpMs };
}

// ---------------------------------------------------------------------------------------------
// Built-in ISO formats, as templates: Y M D h m s are fields, f a fraction with its separator,
// Z a zone, [...] optional, anything else literal. Strict formats fix the widths (4-digit year,
// 2-digit fields); the others accept 1 or 2 digits (and a year of up to 9).

interface Template {
  regex: RegExp;
  utcUnlessRoundingUp?: boolean;
}

function template(shape: string, strict: boolean, utcUnlessRoundingUp = false): Template {
  const field = (name: string, strictWidth: string, lenientWidth: string) =>
    `(?<${name}>\\d{${strict ? strictWidth : lenientWidth}})`;
  const pieces: Record<string, string> = {
    Y: strict ? '(?<year>\\d{4})' : '(?<year>[+-]?\\d{1,9})',
    M: field('month', '2', '1,2'),
    D: field('day', '2', '1,2'),
    h: field('hour', '2', '1,2'),
    m: field('minute', '2', '1,2'),
    s: field('second', '2', '1,2'),
    f: '[.,](?<fraction>\\d{1,9})',
    Z: '(?<zone>Z|[+-]\\d{2}(?::?\\d{2}(?::?\\d{2})?)?|[A-Za-z][A-Za-z0-9_/+:-]*)',
    '[': '(?:',
    ']': ')?',
  };
  const source = Array.from(shape, (c) => pieces[c] ?? c.replace(/[.*+?^${}()|\\]/g, '\\$&'));
  return { regex: new RegExp(`^${source.join('')}$`), utcUnlessRoundingUp };
}

const OPTIONAL_TIME = 'Y[-M[-D]][T[h[:m[:s[f]]][Z]]]';
const SHAPES: Array<[string, string]> = [
  ['date_optional_time', OPTIONAL_TIME],
  ['date_optional_time_nanos', OPTIONAL_TIME],
  ['date', 'Y-M-D'],
  ['year_month_day', 'Y-M-D'],
  ['year_month', 'Y-M'],
  ['year', 'Y'],
  ['date_hour', 'Y-M-DTh'],
  ['date_hour_minute', 'Y-M-DTh:m'],
  ['date_hour_minute_second', 'Y-M-DTh:m:s'],
  ['date_hour_minute_second_millis', 'Y-M-DTh:m:sf'],
  ['date_hour_minute_second_fraction', 'Y-M-DTh:m:sf'],
  ['date_time', 'Y-M-DTh:m:sfZ'],
  ['date_time_no_millis', 'Y-M-DTh:m:sZ'],
  ['hour', 'h'],
  ['hour_minute', 'h:m'],
  ['hour_minute_second', 'h:m:s'],
  ['hour_minute_second_millis', 'h:m:sf'],
  ['hour_minute_second_fraction', 'h:m:sf'],
];

const NAMED_FORMATS = new Map<string, Template>([
  ...SHAPES.flatMap(([name, shape]): Array<[string, Template]> => [
    [name, template(shape, false)],
    [`strict_${name}`, template(shape, true)],
  ]),
  ['basic_date', template('YMD', true, true)],
  ['basic_date_time', template('YMDThmsfZ', true)],
  ['basic_date_time_no_millis', template('YMDThmsZ', true)],
]);

function parseTemplate(text: string, { regex, utcUnlessRoundingUp }: Template): ParsedDate | null {
  const groups = regex.exec(text)?.groups;
  if (!groups) return null;
  const number = (name: string) => (groups[name] === undefined ? undefined : Number(groups[name]));
  let zone: Zone | undefined;
  if (groups.zone !== undefined) {
    const parsed = parseZone(groups.zone);
    if (!parsed) return null;
    zone = parsed;
  }
  return {
    kind: 'fields',
    utcUnlessRoundingUp,
    fields: {
      year: number('year'),
      month: number('month'),
      day: number('day'),
      hour: number('hour'),
      minute: number('minute'),
      second: number('second'),
      nano: groups.fraction === undefined ? undefined : Number(groups.fraction.padEnd(9, '0')),
      zone,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Custom java.time patterns on luxon

type FieldName = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'nano' | 'zone';

interface CustomPattern {
  luxon: string;
  fields: Set<FieldName>;
}

const customPatterns = new Map<string, CustomPattern | null>();

/** java.time pattern letters and the luxon tokens and fields they stand for. */
function mapLetter(letter: string, count: number): { token: string; fields: FieldName[] } | null {
  switch (letter) {
    case 'y':
    case 'u':
    case 'Y':
      return { token: count === 2 ? 'yy' : count === 1 ? 'y' : 'yyyy', fields: ['year'] };
    case 'M':
    case 'L':
      return count <= 4 ? { token: letter.repeat(count), fields: ['month'] } : null;
    case 'd':
      return count <= 2 ? { token: 'd'.repeat(count), fields: ['day'] } : null;
    case 'D':
      return { token: count === 3 ? 'ooo' : 'o', fields: ['month', 'day'] };
    case 'H':
    case 'h':
      return count <= 2 ? { token: letter.repeat(count), fields: ['hour'] } : null;
    case 'm':
      return count <= 2 ? { token: 'm'.repeat(count), fields: ['minute'] } : null;
    case 's':
      return count <= 2 ? { token: 's'.repeat(count), fields: ['second'] } : null;
    case 'S':
      return { token: count === 3 ? 'SSS' : 'u', fields: ['nano'] };
    case 'a':
      return { token: 'a', fields: [] };
    case 'E':
      return { token: count >= 4 ? 'EEEE' : 'EEE', fields: [] };
    case 'X':
    case 'x':
    case 'Z':
      return { token: count === 1 || count === 4 ? 'ZZZ' : 'ZZ', fields: ['zone'] };
    case 'V':
      return { token: 'z', fields: ['zone'] };
    default:
      return null;
  }
}

function quoteLiteral(text: string): string {
  return `'${text}'`;
}

/** Translates a java.time pattern into luxon's syntax; null when it uses what we do not map. */
function compilePattern(pattern: string): CustomPattern | null {
  let luxon = '';
  const fields = new Set<FieldName>();
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === "'") {
      // Quoted literal text; '' is a quote character, which luxon has no way to write.
      const end = pattern.indexOf("'", i + 1);
      if (end === -1 || end === i + 1 || pattern[end + 1] === "'") return null;
      luxon += quoteLiteral(pattern.slice(i + 1, end));
      i = end + 1;
    } else if (/[A-Za-z]/.test(c)) {
      let count = 1;
      while (pattern[i + count] === c) count++;
      const mapped = mapLetter(c, count);
      if (!mapped) return null;
      luxon += mapped.token;
      mapped.fields.forEach((f) => fields.add(f));
      i += count;
    } else if (c === '[' || c === ']' || c === '#' || c === '{' || c === '}') {
      // Optional sections and reserved characters: not supported.
      return null;
    } else {
      luxon += quoteLiteral(c);
      i += 1;
    }
  }
  return fields.size > 0 ? { luxon, fields } : null;
}

function parseCustomPattern(text: string, pattern: string): ParsedDate | null {
  if (!customPatterns.has(pattern)) customPatterns.set(pattern, compilePattern(pattern));
  const compiled = customPatterns.get(pattern);
  if (!compiled) return null;
  const parsed = DateTime.fromFormat(text, compiled.luxon, {
    zone: 'UTC',
    setZone: true,
    locale: 'en-US',
  });
  if (!parsed.isValid) return null;
  const has = (field: FieldName) => compiled.fields.has(field);
  return {
    kind: 'fields',
    fields: {
      year: has('year') ? parsed.year : undefined,
      month: has('month') ? parsed.month : undefined,
      day: has('day') ? parsed.day : undefined,
      hour: has('hour') ? parsed.hour : undefined,
      minute: has('minute') ? parsed.minute : undefined,
      second: has('second') ? parsed.second : undefined,
      nano: has('nano') ? parsed.millisecond * 1_000_000 : undefined,
      zone: has('zone') ? parsed.zone : undefined,
    },
  };
}
