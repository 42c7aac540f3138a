import { describe, expect, it } from 'vitest';
import { jsonValue, parseJsonDocument } from './json_document';

const VALID = [
  '{}',
  '[]',
  ' {"a": 1, "b": [true, false, null], "c": {"d": "e"}} ',
  '"text with \\"quotes\\", \\\\ \\/ \\n \\u00e9 \\ud83d\\ude00"',
  '-0.5e+10',
  '0',
  '[1, -2, 3.25, 4E2]',
  '{"": "", "nested": [[[{}]]]}',
];

const INVALID: Array<[string, string, number]> = [
  ['', 'expected a JSON value but the document is empty', 0],
  ['{"a": 1,}', 'trailing comma: a property must follow ","', 8],
  ['[1, 2,]', 'trailing comma: a value must follow ","', 6],
  ['{"a" 1}', 'expected ":" but found [1]', 5],
  ["{'a': 1}", "expected a property name in double quotes but found [']", 1],
  ['{"a": 1 "b": 2}', 'expected "," or "}" but found ["]', 8],
  ['[1 2]', 'expected "," or "]" but found [2]', 3],
  ['{"a": tru}', 'expected a value but found [tru]', 6],
  ['{"a": "open', 'unterminated string: missing closing "', 6],
  ['"bad \\x escape"', 'invalid escape sequence in a string', 5],
  ['01', 'unexpected text after the end of the JSON value', 1],
  ['{"a": 1} x', 'unexpected text after the end of the JSON value', 9],
  ['{"a": ', 'expected a value but the document ended', 6],
];

describe('parseJsonDocument', () => {
  it.each(VALID)('reads %j as JSON.parse does', (text) => {
    const result = parseJsonDocument(text);
    if (!result.ok) throw new Error(result.error.message);
    expect(jsonValue(result.root)).toEqual(JSON.parse(text));
  });

  it.each(INVALID)('refuses %j with a message at the offending character', (text, message, at) => {
    expect(() => JSON.parse(text)).toThrow();
    const result = parseJsonDocument(text);
    expect(result).toMatchObject({ ok: false, error: { message, span: { start: at } } });
  });

  it('keeps the span of every value and key', () => {
    const result = parseJsonDocument('{ "query": { "term": [1, "x"] } }');
    if (!result.ok) throw new Error(result.error.message);
    const [query] = result.root.kind === 'object' ? result.root.properties : [];
    expect(query.keySpan).toEqual({ start: 2, end: 9 });
    expect(query.value.span).toEqual({ start: 11, end: 31 });
  });

  it('refuses nesting deep enough to exhaust the stack', () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    expect(parseJsonDocument(deep)).toMatchObject({
      ok: false,
      error: { message: 'nested more than 500 levels deep' },
    });
  });
});
