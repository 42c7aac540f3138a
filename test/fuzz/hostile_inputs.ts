/**
 * Hostile strings for every field that reaches SQL or OpenSearch, index expressions and path
 * segments that break naming rules, and values of the wrong JSON type. The differential suite's
 * value corpus is reused; what is added here targets names, paths and parameters.
 */
import { hostileValues } from '../differential/hostile_corpus';
import type { Prng } from '../differential/prng';

/** A table the injection attempts name; nothing by that name exists, so nothing can be dropped. */
const CANARY = 'fuzz_canary_table';

/** Keys that mean something to JavaScript objects. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
];

const NAME_BREAKERS = [
  ...PROTOTYPE_KEYS,
  '',
  ' ',
  '.',
  '..',
  '../..',
  '_id',
  '_source',
  '_index',
  '_score',
  '_doc',
  '_shard_doc',
  '*',
  'k*',
  '?',
  'a.b',
  'a..b',
  '.a',
  'a.',
  'k.keyword',
  'id"',
  'id`',
  "id'",
  'id]',
  '[id',
  'id;',
  'id--',
  'id/*',
  'ID',
  'Id',
  'ｉｄ',
  `id"; DROP TABLE ${CANARY}; --`,
  `id\`; DROP TABLE ${CANARY}; --`,
  'x'.repeat(300),
  'x'.repeat(70_000),
  '\u0000',
  'id\u0000',
  '\ud800',
  'emoji😀',
  '$1',
  '?',
  ':name',
  '@@version',
  'pg_sleep(10)',
  'sleep(10)',
  'sqlite_master',
  'information_schema.tables',
  'pg_catalog.pg_authid',
  'mysql.user',
];

export function hostileStrings(): string[] {
  return [
    ...hostileValues(CANARY),
    ...NAME_BREAKERS,
    '1e309',
    '-9223372036854775809',
    '9223372036854775808',
    '3000000000',
    'NaN',
    'Infinity',
    '-0',
    '0x10',
    '1; DROP',
    '2024-13-45T25:61:61Z',
    'now-1d/d',
    '||',
    '30d',
    '1nanos',
    '-1s',
    '0s',
    '99999999999999999999d',
    '1',
    'true',
  ];
}

export function hostileNames(): string[] {
  return NAME_BREAKERS;
}

/** Durations for `timeout`, `keep_alive` and friends: valid, odd, out of range and hostile. */
export const DURATIONS = [
  '1s',
  '1m',
  '100ms',
  '0',
  '0s',
  '-1',
  '-1s',
  '30d',
  '365d',
  '9223372036854775807ms',
  '1e3s',
  '1.5s',
  '1 s',
  's',
  '',
  '10x',
  '1nanos',
  '1micros',
  "1s'; SELECT pg_sleep(10); --",
  '1s; SET GLOBAL sql_mode=""',
];

/** Index names and expressions that OpenSearch refuses, treats specially, or that are ours. */
export const HOSTILE_INDEX_EXPRESSIONS = [
  '.federation-datasources',
  '.federation-virtual-indices',
  '.federation-pits',
  '.federation-*',
  '.fed*',
  '.kibana',
  '.opensearch-*',
  '_all',
  '*',
  '*,-*',
  '-*',
  '.',
  '..',
  '...',
  '',
  ',',
  ',,',
  'a,',
  ',a',
  'UPPER',
  '-dash',
  '_under',
  '+plus',
  'a b',
  'a"b',
  'a<b',
  'a>b',
  'a|b',
  'a#b',
  'a?b',
  'a\\b',
  'a:b',
  'remote:index',
  '*:*',
  '<logs-{now/d}>',
  '<{now}>',
  'x'.repeat(256),
  'é'.repeat(200),
  'ümlaut',
  '日本',
  '😀',
  '\u0000',
  'a\u0000b',
  '__proto__',
  'constructor',
  'test-*',
  'no-such-index-fuzz',
];

/** Raw path segments, sent as is (already percent-encoded or deliberately not). */
export const RAW_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '%2E',
  '%2F',
  'a%2Fb',
  '%2C',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE',
  '%ED%A0%80',
  '%FF',
  '%20',
  'a%20',
  '%2A',
  '%5C',
  '~',
  '%7B%7D',
  '{index}',
  ';',
  'a;b=c',
];

/** A value of some JSON type, chosen to be wrong for most fields. */
export function wrongTypeValue(random: Prng): unknown {
  switch (random.int(0, 13)) {
    case 0:
      return null;
    case 1:
      return true;
    case 2:
      return random.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 2 ** 63, -(2 ** 63), 3e9]);
    case 3:
      return random.pick(hostileStrings());
    case 4:
      return [];
    case 5:
      return {};
    case 6:
      return [random.pick([1, 'a', null, {}, []])];
    case 7:
      return { [random.pick(hostileNames())]: random.pick([1, 'x', null]) };
    case 8:
      return '';
    case 9:
      return [[[]]];
    case 10:
      return Array.from({ length: random.int(2, 50) }, () => random.int(-5, 5));
    case 11:
      return { query: { match_all: {} } };
    case 12:
      return -0;
    default:
      return random.pick(DURATIONS);
  }
}
