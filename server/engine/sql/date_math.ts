/**
 * OpenSearch date math (`now-1d/d`, `2024-01-01||+1M/d`), following JavaDateMathParser:
 * - an anchor without `||` is parsed with the round-up parser when `roundUp`: fields missing
 *   from the text take their maximum for the time of day (`lte: "2024-01-01"` ends at
 *   23:59:59.999) while month and day default to 1 (so `lte: "2024"` ends on January 1st, as
 *   OpenSearch does);
 * - an anchor before `||` is always parsed rounding down, then the math applies;
 * - `/unit` rounds down in `timeZone`, or to the last millisecond of the unit when `roundUp`;
 * - a zone written in the text wins for parsing, but rounding uses `timeZone` (default UTC).
 */
import type { Zone } from 'luxon';
import { FederationError } from '../errors';
import {
  DEFAULT_DATE_FORMAT,
  dateParseError,
  parseDateText,
  type DateFields,
} from './date_formats';
import {
  UTC_ZONE,
  dayOfWeek,
  isValidLocal,
  offsetAt,
  parseZone,
  plusDays,
  plusMonths,
  toEpoch,
  toLocal,
  type LocalDateTime,
} from './zoned_time';

export interface DateMathOptions {
  /** OpenSearch format, or a `||` list of them; the default of a date field when absent. */
  format?: string;
  /** Zone for text without one, and for rounding; UTC when absent. */
  timeZone?: string;
  /** Epoch milliseconds of `now`. */
  now: number;
  /** Round to the end of units instead of their start (upper bounds `lte`, lower bounds `gt`). */
  roundUp?: boolean;
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const SECOND_MS = 1_000;

function mathError(reason: string): FederationError {
  return new FederationError(400, 'parse_exception', reason);
}

/** The zone named by a query's `time_zone`; a 400 for one java.time would not know. */
export function timeZoneOf(id: string | undefined): Zone {
  if (id === undefined) return UTC_ZONE;
  const zone = parseZone(id);
  if (!zone) {
    throw new FederationError(400, 'illegal_argument_exception', `Unknown time-zone ID: ${id}`);
  }
  return zone;
}

/** Epoch milliseconds of a date math expression. */
export function parseDateMath(value: string | number, options: DateMathOptions): number {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') {
    throw mathError(`failed to parse date field [${String(value)}]: not a string or number`);
  }
  const zone = timeZoneOf(options.timeZone);
  const format = options.format ?? DEFAULT_DATE_FORMAT;
  const roundUp = options.roundUp === true;
  let time: number;
  let math: string;
  if (text.startsWith('now')) {
    time = options.now;
    math = text.slice('now'.length);
  } else {
    const separator = text.indexOf('||');
    if (separator === -1) return parseAnchor(text, format, zone, roundUp);
    time = parseAnchor(text.slice(0, separator), format, zone, false);
    math = text.slice(separator + 2);
  }
  return applyMath(math, time, zone, roundUp);
}

function parseAnchor(text: string, format: string, zone: Zone, roundUp: boolean): number {
  const parsed = parseDateText(text, format);
  if (parsed.kind === 'instant') {
    // OpenSearch reads an epoch as a UTC wall-clock time placed in `time_zone`: with
    // `time_zone: "+01:00"`, epoch 0 is 1969-12-31T23:00:00Z. Odd, but it is the reference.
    const epochMs = parsed.epochMs + (roundUp ? parsed.roundUpMs : 0);
    return zone === UTC_ZONE ? epochMs : toEpoch(toLocal(epochMs, UTC_ZONE), zone);
  }
  const local = withDefaults(parsed.fields, roundUp);
  if (!isValidLocal(local)) throw dateParseError(text, format);
  const textZone = parsed.utcUnlessRoundingUp && !roundUp ? UTC_ZONE : zone;
  return toEpoch(local, parsed.fields.zone ?? textZone);
}

/** Missing fields as OpenSearch's parsers fill them (see the module comment). */
function withDefaults(fields: DateFields, roundUp: boolean): LocalDateTime {
  const nano = fields.nano ?? (roundUp ? 999_999_999 : 0);
  return {
    year: fields.year ?? 1970,
    month: fields.month ?? 1,
    day: fields.day ?? 1,
    hour: fields.hour ?? (roundUp ? 23 : 0),
    minute: fields.minute ?? (roundUp ? 59 : 0),
    second: fields.second ?? (roundUp ? 59 : 0),
    // The index keeps milliseconds: finer digits are cut off, as Instant.toEpochMilli does.
    millisecond: Math.floor(nano / 1_000_000),
  };
}

type Unit = 'y' | 'M' | 'w' | 'd' | 'h' | 'm' | 's';

function applyMath(math: string, start: number, zone: Zone, roundUp: boolean): number {
  let time = start;
  let i = 0;
  while (i < math.length) {
    const operator = math[i++];
    if (operator !== '/' && operator !== '+' && operator !== '-') {
      throw mathError(`operator not supported for date math [${math}]`);
    }
    if (i >= math.length) throw mathError(`truncated date math [${math}]`);
    let amount = 1;
    if (/\d/.test(math[i])) {
      const from = i;
      while (i < math.length && /\d/.test(math[i])) i++;
      if (i >= math.length) throw mathError(`truncated date math [${math}]`);
      amount = Number(math.slice(from, i));
    }
    if (operator === '/' && amount !== 1) {
      throw mathError(`rounding \`/\` can only be used on single unit types [${math}]`);
    }
    const letter = math[i++];
    const unit: Unit | null =
      letter === 'H' ? 'h' : 'yMwdhms'.includes(letter) ? (letter as Unit) : null;
    if (unit === null) throw mathError(`unit [${letter}] not supported for date math [${math}]`);
    time =
      operator === '/'
        ? round(time, unit, zone, roundUp)
        : add(time, unit, operator === '-' ? -amount : amount, zone);
  }
  return time;
}

/** ZonedDateTime.plusX: calendar units move the local date-time, time units the instant. */
function add(time: number, unit: Unit, amount: number, zone: Zone): number {
  switch (unit) {
    case 'h':
      return time + amount * HOUR_MS;
    case 'm':
      return time + amount * MINUTE_MS;
    case 's':
      return time + amount * SECOND_MS;
    default: {
      const local = toLocal(time, zone);
      const moved =
        unit === 'y'
          ? plusMonths(local, amount * 12)
          : unit === 'M'
            ? plusMonths(local, amount)
            : plusDays(local, unit === 'w' ? amount * 7 : amount);
      return toEpoch(moved, zone, offsetAt(zone, time));
    }
  }
}

/** Start of the unit containing `time` in `zone`; with `roundUp`, the last millisecond of it. */
function round(time: number, unit: Unit, zone: Zone, roundUp: boolean): number {
  const local = toLocal(time, zone);
  const midnight = { hour: 0, minute: 0, second: 0, millisecond: 0 };
  let start: LocalDateTime;
  switch (unit) {
    case 'y':
      start = { ...local, ...midnight, month: 1, day: 1 };
      break;
    case 'M':
      start = { ...local, ...midnight, day: 1 };
      break;
    case 'w':
      start = { ...plusDays(local, 1 - dayOfWeek(local)), ...midnight };
      break;
    case 'd':
      start = { ...local, ...midnight };
      break;
    case 'h':
      start = { ...local, minute: 0, second: 0, millisecond: 0 };
      break;
    case 'm':
      start = { ...local, second: 0, millisecond: 0 };
      break;
    case 's':
      start = { ...local, millisecond: 0 };
      break;
  }
  const startMs = toEpoch(start, zone, offsetAt(zone, time));
  return roundUp ? add(startMs, unit, 1, zone) - 1 : startMs;
}

export { DEFAULT_DATE_FORMAT };
