/**
 * Checks a parsed JSON document against a JSON schema, for the editor's own JSON checks (see
 * `json_document.ts`). It covers the keywords the app's schemas use (type, enum, const,
 * properties, required, additionalProperties, patternProperties, items, min/max counts and
 * bounds, pattern, anyOf/oneOf/allOf, local `$ref`); any other keyword is ignored, so an unknown
 * construct never produces a false error.
 */
import type { JsonNode, JsonSpan } from './json_document';
import { jsonValue } from './json_document';

export interface JsonSchemaProblem {
  message: string;
  span: JsonSpan;
}

/** The part of JSON Schema read here; everything is optional, as in the standard. */
export interface CheckedJsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, SchemaOrBoolean>;
  patternProperties?: Record<string, SchemaOrBoolean>;
  additionalProperties?: SchemaOrBoolean;
  required?: string[];
  minProperties?: number;
  maxProperties?: number;
  items?: SchemaOrBoolean | SchemaOrBoolean[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: SchemaOrBoolean[];
  oneOf?: SchemaOrBoolean[];
  allOf?: SchemaOrBoolean[];
}
type SchemaOrBoolean = CheckedJsonSchema | boolean;

/** More would only bury the first ones; the user fixes those first. */
export const MAX_SCHEMA_PROBLEMS = 100;

export function checkJsonSchema(root: JsonNode, schema: object): JsonSchemaProblem[] {
  const problems = new Checker(schema as CheckedJsonSchema).check(
    root,
    schema as CheckedJsonSchema
  );
  // In source order, as the editor lists them.
  return problems.sort((a, b) => a.span.start - b.span.start).slice(0, MAX_SCHEMA_PROBLEMS);
}

class Checker {
  constructor(private readonly rootSchema: CheckedJsonSchema) {}

  check(node: JsonNode, schemaOrBoolean: SchemaOrBoolean, refDepth = 0): JsonSchemaProblem[] {
    if (schemaOrBoolean === true) return [];
    if (schemaOrBoolean === false)
      return [{ message: 'no value is allowed here', span: node.span }];
    const schema = schemaOrBoolean;
    if (schema.$ref !== undefined) {
      const target = refDepth < 50 ? this.resolve(schema.$ref) : undefined;
      // An unresolvable (or looping) reference says nothing about the value.
      return target === undefined ? [] : this.check(node, target, refDepth + 1);
    }

    const typeProblem = this.checkType(node, schema);
    if (typeProblem) return [typeProblem];
    const problems: JsonSchemaProblem[] = [];
    if (schema.enum && !schema.enum.some((allowed) => sameValue(allowed, jsonValue(node)))) {
      problems.push({
        message: `value must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`,
        span: node.span,
      });
    }
    if ('const' in schema && !sameValue(schema.const, jsonValue(node))) {
      problems.push({ message: `value must be ${JSON.stringify(schema.const)}`, span: node.span });
    }
    if (node.kind === 'object') problems.push(...this.checkObject(node, schema, refDepth));
    if (node.kind === 'array') problems.push(...this.checkArray(node, schema, refDepth));
    if (node.kind === 'string') problems.push(...checkString(node, schema));
    if (node.kind === 'number') problems.push(...checkNumber(node, schema));
    for (const branch of schema.allOf ?? []) problems.push(...this.check(node, branch, refDepth));
    if (schema.anyOf) problems.push(...this.checkAlternatives(node, schema.anyOf, false, refDepth));
    if (schema.oneOf) problems.push(...this.checkAlternatives(node, schema.oneOf, true, refDepth));
    return problems;
  }

  /** `#`, `#/definitions/query`, `#/$defs/x` (JSON pointer, `~0` and `~1` escapes). */
  private resolve(ref: string): SchemaOrBoolean | undefined {
    if (!ref.startsWith('#')) return undefined;
    let target: unknown = this.rootSchema;
    for (const part of ref.slice(1).split('/').slice(1)) {
      const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
      if (target === null || typeof target !== 'object' || !(key in target)) return undefined;
      target = (target as Record<string, unknown>)[key];
    }
    return typeof target === 'boolean' || (target !== null && typeof target === 'object')
      ? (target as SchemaOrBoolean)
      : undefined;
  }

  private checkType(node: JsonNode, schema: CheckedJsonSchema): JsonSchemaProblem | undefined {
    if (schema.type === undefined) return undefined;
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const matches = types.some(
      (type) =>
        type === node.kind ||
        (type === 'integer' && node.kind === 'number' && Number.isInteger(node.value))
    );
    if (matches) return undefined;
    const found = node.kind === 'number' && types.includes('integer') ? 'a fraction' : node.kind;
    return { message: `expected ${types.join(' or ')} but found ${found}`, span: node.span };
  }

  private checkObject(
    node: Extract<JsonNode, { kind: 'object' }>,
    schema: CheckedJsonSchema,
    refDepth: number
  ): JsonSchemaProblem[] {
    const problems: JsonSchemaProblem[] = [];
    // The opening brace: pointing at the whole object would underline everything inside it.
    const brace = { start: node.span.start, end: node.span.start + 1 };
    const keys = new Set(node.properties.map((property) => property.key));
    for (const name of schema.required ?? []) {
      if (!keys.has(name)) problems.push({ message: `missing property "${name}"`, span: brace });
    }
    if (schema.minProperties !== undefined && keys.size < schema.minProperties) {
      problems.push({
        message: `expected at least ${schema.minProperties} ${plural(schema.minProperties, 'property', 'properties')}`,
        span: brace,
      });
    }
    if (schema.maxProperties !== undefined && keys.size > schema.maxProperties) {
      problems.push({
        message: `expected at most ${schema.maxProperties} ${plural(schema.maxProperties, 'property', 'properties')}`,
        span: brace,
      });
    }
    const patterns = Object.entries(schema.patternProperties ?? {}).flatMap(([source, sub]) => {
      const regex = safeRegExp(source);
      return regex ? [{ regex, sub }] : [];
    });
    for (const property of node.properties) {
      const named = schema.properties?.[property.key];
      const patterned = patterns.filter(({ regex }) => regex.test(property.key));
      if (named !== undefined) problems.push(...this.check(property.value, named, refDepth));
      for (const { sub } of patterned) problems.push(...this.check(property.value, sub, refDepth));
      if (named !== undefined || patterned.length > 0) continue;
      if (schema.additionalProperties === false) {
        problems.push({
          message: `property "${property.key}" is not allowed here`,
          span: property.keySpan,
        });
      } else if (schema.additionalProperties !== undefined) {
        problems.push(...this.check(property.value, schema.additionalProperties, refDepth));
      }
    }
    return problems;
  }

  private checkArray(
    node: Extract<JsonNode, { kind: 'array' }>,
    schema: CheckedJsonSchema,
    refDepth: number
  ): JsonSchemaProblem[] {
    const problems: JsonSchemaProblem[] = [];
    const count = node.items.length;
    if (schema.minItems !== undefined && count < schema.minItems) {
      problems.push({
        message: `expected at least ${schema.minItems} ${plural(schema.minItems, 'item', 'items')}`,
        span: node.span,
      });
    }
    if (schema.maxItems !== undefined && count > schema.maxItems) {
      problems.push({
        message: `expected at most ${schema.maxItems} ${plural(schema.maxItems, 'item', 'items')}`,
        span: node.span,
      });
    }
    const { items } = schema;
    node.items.forEach((item, i) => {
      const itemSchema = Array.isArray(items) ? items[i] : items;
      if (itemSchema !== undefined) problems.push(...this.check(item, itemSchema, refDepth));
    });
    return problems;
  }

  /**
   * Valid when a branch (anyOf) or exactly one branch (oneOf) accepts the value. Otherwise the
   * problems of the closest branch are the most useful: the one whose own type matched, with the
   * fewest problems.
   */
  private checkAlternatives(
    node: JsonNode,
    branches: SchemaOrBoolean[],
    exactlyOne: boolean,
    refDepth: number
  ): JsonSchemaProblem[] {
    const outcomes = branches.map((branch) => this.check(node, branch, refDepth));
    const passing = outcomes.filter((problems) => problems.length === 0).length;
    if (passing === 1 || (passing > 1 && !exactlyOne)) return [];
    if (passing > 1) {
      return [{ message: 'value matches more than one of the allowed shapes', span: node.span }];
    }
    const score = (problems: JsonSchemaProblem[]) =>
      problems.length + (problems.some((p) => sameSpan(p.span, node.span)) ? 1000 : 0);
    return outcomes.reduce((best, problems) => (score(problems) < score(best) ? problems : best));
  }
}

function checkString(
  node: Extract<JsonNode, { kind: 'string' }>,
  schema: CheckedJsonSchema
): JsonSchemaProblem[] {
  const problems: JsonSchemaProblem[] = [];
  const length = [...node.value].length;
  if (schema.minLength !== undefined && length < schema.minLength) {
    problems.push({
      message: `expected at least ${schema.minLength} ${plural(schema.minLength, 'character', 'characters')}`,
      span: node.span,
    });
  }
  if (schema.maxLength !== undefined && length > schema.maxLength) {
    problems.push({
      message: `expected at most ${schema.maxLength} ${plural(schema.maxLength, 'character', 'characters')}`,
      span: node.span,
    });
  }
  const regex = schema.pattern === undefined ? undefined : safeRegExp(schema.pattern);
  if (regex && !regex.test(node.value)) {
    problems.push({
      message: `value does not match the pattern ${schema.pattern}`,
      span: node.span,
    });
  }
  return problems;
}

function checkNumber(
  node: Extract<JsonNode, { kind: 'number' }>,
  schema: CheckedJsonSchema
): JsonSchemaProblem[] {
  const bounds: Array<[number | undefined, (limit: number) => boolean, string]> = [
    [schema.minimum, (limit) => node.value >= limit, 'at least'],
    [schema.maximum, (limit) => node.value <= limit, 'at most'],
    [schema.exclusiveMinimum, (limit) => node.value > limit, 'more than'],
    [schema.exclusiveMaximum, (limit) => node.value < limit, 'less than'],
  ];
  return bounds.flatMap(([limit, holds, words]) =>
    limit === undefined || holds(limit)
      ? []
      : [{ message: `value must be ${words} ${limit}`, span: node.span }]
  );
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every(
      (key) =>
        Object.prototype.hasOwnProperty.call(b, key) &&
        sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])
    )
  );
}

function sameSpan(a: JsonSpan, b: JsonSpan): boolean {
  return a.start === b.start && a.end === b.end;
}

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** JSON schema patterns are ECMAScript regexes; one this engine cannot compile is skipped. */
function safeRegExp(source: string): RegExp | undefined {
  try {
    return new RegExp(source, 'u');
  } catch {
    return undefined;
  }
}
