/**
 * A small JSON parser that keeps where every value and key was written, for the JSON checks the
 * editor runs itself when Monaco's JSON language service is not there (inside OSD, whose shared
 * Monaco has no JSON language). Strict JSON (RFC 8259), stopping at the first syntax error, which
 * it reports at the offending character with a message a user understands.
 */

/** Offsets into the text, `end` exclusive. */
export interface JsonSpan {
  start: number;
  end: number;
}

export type JsonNode =
  | { kind: 'object'; properties: JsonProperty[]; span: JsonSpan }
  | { kind: 'array'; items: JsonNode[]; span: JsonSpan }
  | { kind: 'string'; value: string; span: JsonSpan }
  | { kind: 'number'; value: number; span: JsonSpan }
  | { kind: 'boolean'; value: boolean; span: JsonSpan }
  | { kind: 'null'; value: null; span: JsonSpan };

export interface JsonProperty {
  key: string;
  keySpan: JsonSpan;
  value: JsonNode;
}

export type JsonParseResult =
  { ok: true; root: JsonNode } | { ok: false; error: { message: string; span: JsonSpan } };

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly span: JsonSpan
  ) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

export function parseJsonDocument(text: string): JsonParseResult {
  const parser = new Parser(text);
  try {
    return { ok: true, root: parser.document() };
  } catch (error) {
    if (error instanceof JsonSyntaxError) {
      return { ok: false, error: { message: error.message, span: error.span } };
    }
    throw error;
  }
}

/** The plain value of a node, as `JSON.parse` would give it. */
export function jsonValue(node: JsonNode): unknown {
  switch (node.kind) {
    case 'object':
      return Object.fromEntries(node.properties.map((p) => [p.key, jsonValue(p.value)]));
    case 'array':
      return node.items.map(jsonValue);
    default:
      return node.value;
  }
}

/** Deepest nesting accepted: the parser recurses once per level. */
const MAX_DEPTH = 500;

class Parser {
  private at = 0;
  private depth = 0;

  constructor(private readonly text: string) {}

  document(): JsonNode {
    this.skipWhitespace();
    if (this.at >= this.text.length) this.fail('expected a JSON value but the document is empty');
    const root = this.value();
    this.skipWhitespace();
    if (this.at < this.text.length) this.fail('unexpected text after the end of the JSON value');
    return root;
  }

  private value(): JsonNode {
    const char = this.text[this.at];
    if (char === '{') return this.nested(() => this.object());
    if (char === '[') return this.nested(() => this.array());
    if (char === '"') {
      const start = this.at;
      const value = this.string();
      return { kind: 'string', value, span: { start, end: this.at } };
    }
    if (char === '-' || (char >= '0' && char <= '9')) return this.number();
    for (const [word, node] of [
      ['true', { kind: 'boolean', value: true }],
      ['false', { kind: 'boolean', value: false }],
      ['null', { kind: 'null', value: null }],
    ] as const) {
      if (this.text.startsWith(word, this.at)) {
        const start = this.at;
        this.at += word.length;
        return { ...node, span: { start, end: this.at } } as JsonNode;
      }
    }
    if (this.at >= this.text.length) this.fail('expected a value but the document ended');
    return this.fail(`expected a value but found ${this.describe()}`);
  }

  private nested(parse: () => JsonNode): JsonNode {
    if (++this.depth > MAX_DEPTH) this.fail(`nested more than ${MAX_DEPTH} levels deep`);
    const node = parse();
    this.depth--;
    return node;
  }

  private object(): JsonNode {
    const start = this.at++;
    const properties: JsonProperty[] = [];
    this.skipWhitespace();
    if (this.text[this.at] === '}') {
      this.at++;
      return { kind: 'object', properties, span: { start, end: this.at } };
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.at] !== '"') {
        this.fail(`expected a property name in double quotes but found ${this.describe()}`);
      }
      const keyStart = this.at;
      const key = this.string();
      const keySpan = { start: keyStart, end: this.at };
      this.skipWhitespace();
      if (this.text[this.at] !== ':') this.fail(`expected ":" but found ${this.describe()}`);
      this.at++;
      this.skipWhitespace();
      properties.push({ key, keySpan, value: this.value() });
      this.skipWhitespace();
      const next = this.text[this.at];
      this.at++;
      if (next === '}') return { kind: 'object', properties, span: { start, end: this.at } };
      if (next !== ',') {
        this.at--;
        this.fail(`expected "," or "}" but found ${this.describe()}`);
      }
      this.skipWhitespace();
      if (this.text[this.at] === '}') this.fail('trailing comma: a property must follow ","');
    }
  }

  private array(): JsonNode {
    const start = this.at++;
    const items: JsonNode[] = [];
    this.skipWhitespace();
    if (this.text[this.at] === ']') {
      this.at++;
      return { kind: 'array', items, span: { start, end: this.at } };
    }
    for (;;) {
      this.skipWhitespace();
      items.push(this.value());
      this.skipWhitespace();
      const next = this.text[this.at];
      this.at++;
      if (next === ']') return { kind: 'array', items, span: { start, end: this.at } };
      if (next !== ',') {
        this.at--;
        this.fail(`expected "," or "]" but found ${this.describe()}`);
      }
      this.skipWhitespace();
      if (this.text[this.at] === ']') this.fail('trailing comma: a value must follow ","');
    }
  }

  private string(): string {
    const start = this.at++;
    let value = '';
    for (;;) {
      const char = this.text[this.at];
      if (char === undefined || char === '\n' || char === '\r') {
        this.failAt('unterminated string: missing closing "', start, this.at);
      }
      if (char === '"') {
        this.at++;
        return value;
      }
      if (char === '\\') {
        const escape = this.text[this.at + 1];
        if (escape === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.at + 2, this.at + 6))) {
          value += String.fromCharCode(parseInt(this.text.slice(this.at + 2, this.at + 6), 16));
          this.at += 6;
          continue;
        }
        if (escape !== undefined && escape in ESCAPES) {
          value += ESCAPES[escape];
          this.at += 2;
          continue;
        }
        this.failAt(`invalid escape sequence in a string`, this.at, this.at + 2);
      }
      if (char < ' ')
        this.failAt('control characters must be escaped in a string', this.at, this.at + 1);
      value += char;
      this.at++;
    }
  }

  private number(): JsonNode {
    NUMBER.lastIndex = this.at;
    const match = NUMBER.exec(this.text);
    if (!match) return this.fail(`expected a number but found ${this.describe()}`);
    const start = this.at;
    this.at += match[0].length;
    return { kind: 'number', value: Number(match[0]), span: { start, end: this.at } };
  }

  private skipWhitespace(): void {
    WHITESPACE.lastIndex = this.at;
    WHITESPACE.exec(this.text);
    this.at = WHITESPACE.lastIndex;
  }

  /** `[x]`, `"text"` or `the end of the document`, for messages. */
  private describe(): string {
    if (this.at >= this.text.length) return 'the end of the document';
    const word = /^[A-Za-z0-9_.+-]+/.exec(this.text.slice(this.at, this.at + 40));
    return `[${word ? word[0] : this.text[this.at]}]`;
  }

  private fail(message: string): never {
    const end = this.at >= this.text.length ? this.at : this.at + 1;
    return this.failAt(message, this.at, end);
  }

  private failAt(message: string, start: number, end: number): never {
    throw new JsonSyntaxError(message, { start, end: Math.min(end, this.text.length) });
  }
}
