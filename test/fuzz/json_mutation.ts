/**
 * Grammar-aware mutation: start from a valid request body, pick one node of its JSON tree and
 * change only that node, so the request gets past the outer checks and reaches the code that
 * judges that node. Text mutation breaks the JSON itself (truncation, stray bytes, literals
 * JSON does not have).
 */
import type { Prng } from '../differential/prng';
import { hostileNames, hostileStrings, PROTOTYPE_KEYS, wrongTypeValue } from './hostile_inputs';

type Json = unknown;
type Path = Array<string | number>;

/** Sets an own property, even for `__proto__`, so that JSON.stringify writes it. */
export function setOwn(target: Record<string, Json>, key: string, value: Json): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Every node's path, the root included. */
function paths(value: Json, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out));
  else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value))
      paths((value as Record<string, Json>)[key], [...at, key], out);
  }
  return out;
}

function nodeAt(root: Json, path: Path): Json {
  return path.reduce<Json>((node, key) => (node as Record<string | number, Json>)[key], root);
}

function replaceAt(root: Json, path: Path, value: Json): Json {
  if (path.length === 0) return value;
  const parent = nodeAt(root, path.slice(0, -1)) as Record<string | number, Json>;
  const key = path[path.length - 1];
  if (Array.isArray(parent)) parent[key as number] = value;
  else setOwn(parent as Record<string, Json>, String(key), value);
  return root;
}

function containers(root: Json): Path[] {
  return paths(root).filter((p) => {
    const node = nodeAt(root, p);
    return node !== null && typeof node === 'object';
  });
}

export type MutationKind =
  | 'wrong_type'
  | 'hostile_string'
  | 'unknown_field'
  | 'rename_key'
  | 'drop_node'
  | 'proto_key'
  | 'duplicate'
  | 'nest';

/** Mutates one node of (a copy of) `body`; returns the new body and what was done. */
export function mutateTree(
  random: Prng,
  body: Json,
  kind: MutationKind
): { body: Json; note: string } {
  const root = clone(body);
  const all = paths(root);
  const path = random.pick(all);
  const where = path.length === 0 ? '<root>' : path.join('.');
  switch (kind) {
    case 'wrong_type': {
      const value = wrongTypeValue(random);
      return { body: replaceAt(root, path, value), note: `${where} := ${short(value)}` };
    }
    case 'hostile_string': {
      // Prefer string leaves: the values and names that travel into SQL and OpenSearch.
      const leaves = all.filter((p) => typeof nodeAt(root, p) === 'string');
      const target = leaves.length > 0 && random.chance(0.8) ? random.pick(leaves) : path;
      const value = random.pick(hostileStrings());
      return {
        body: replaceAt(root, target, value),
        note: `${target.join('.') || '<root>'} := ${short(value)}`,
      };
    }
    case 'unknown_field':
    case 'proto_key': {
      const objects = containers(root).filter((p) => !Array.isArray(nodeAt(root, p)));
      if (objects.length === 0) return { body: root, note: 'no object to extend' };
      const target = random.pick(objects);
      const key =
        kind === 'proto_key'
          ? random.pick(PROTOTYPE_KEYS)
          : random.pick([...hostileNames(), 'unknown_field']);
      const value =
        kind === 'proto_key'
          ? random.pick([{}, { polluted: true }, null, 1, 'x'])
          : wrongTypeValue(random);
      setOwn(nodeAt(root, target) as Record<string, Json>, key, value);
      return {
        body: root,
        note: `${target.join('.') || '<root>'}.${short(key)} := ${short(value)}`,
      };
    }
    case 'rename_key': {
      const keyed = all.filter((p) => p.length > 0 && typeof p[p.length - 1] === 'string');
      if (keyed.length === 0) return { body: root, note: 'no key to rename' };
      const target = random.pick(keyed);
      const parent = nodeAt(root, target.slice(0, -1)) as Record<string, Json>;
      const oldKey = String(target[target.length - 1]);
      const newKey = random.pick(hostileNames());
      const value = parent[oldKey];
      delete parent[oldKey];
      setOwn(parent, newKey, value);
      return { body: root, note: `rename ${target.join('.')} -> ${short(newKey)}` };
    }
    case 'drop_node': {
      if (path.length === 0) return { body: {}, note: 'empty body' };
      const parent = nodeAt(root, path.slice(0, -1)) as Record<string | number, Json>;
      const key = path[path.length - 1];
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      return { body: root, note: `drop ${where}` };
    }
    case 'duplicate': {
      const node = nodeAt(root, path);
      const copies = random.int(2, 2_000);
      return {
        body: replaceAt(
          root,
          path,
          Array.from({ length: copies }, () => clone(node))
        ),
        note: `${where} := [${copies} copies]`,
      };
    }
    case 'nest': {
      const node = nodeAt(root, path);
      const depth = random.int(2, 200);
      let nested: Json = clone(node);
      const key = random.pick(['bool', 'must', 'query', 'a']);
      for (let i = 0; i < depth; i++) nested = random.chance(0.5) ? [nested] : { [key]: nested };
      return { body: replaceAt(root, path, nested), note: `${where} nested ${depth} deep` };
    }
  }
}

/** Breaks the JSON text of a valid body. */
export function mutateText(random: Prng, text: string): { text: string; note: string } {
  switch (random.int(0, 11)) {
    case 0: {
      const at = random.int(0, Math.max(0, text.length - 1));
      return { text: text.slice(0, at), note: `truncated at ${at}` };
    }
    case 1: {
      const at = random.int(0, text.length);
      const junk = random.pick(['{', '}', '[', ']', ',', ':', '"', '\\', '\u0000', "'", 'x', '\n']);
      return {
        text: text.slice(0, at) + junk + text.slice(at),
        note: `inserted ${JSON.stringify(junk)} at ${at}`,
      };
    }
    case 2:
      return {
        text: `${text}${random.pick(['}', ']', 'x', ' {}', '\n{}', ',', '\u0000'])}`,
        note: 'trailing garbage',
      };
    case 3:
      return { text: `\ufeff${text}`, note: 'byte order mark' };
    case 4:
      return {
        text: text.replace(
          /:\s*(-?\d+(\.\d+)?|"[^"]*")/,
          `:${random.pick(['NaN', 'Infinity', '-Infinity', 'undefined', '1e999999', '-', '01', '.5', '0x10'])}`
        ),
        note: 'a value JSON does not have',
      };
    case 5:
      return { text: text.replace(/"/g, "'"), note: 'single quotes' };
    case 6:
      return { text: `/* comment */${text}`, note: 'comment' };
    case 7:
      return { text: text.replace(/"([^"]*)":/, '"$1":1,"$1":'), note: 'duplicate key' };
    case 8:
      return { text: text.replace(/"([^"\\]*)"/, '"\\ud800$1\\u00"'), note: 'broken escape' };
    case 9:
      return {
        text: random.pick(['null', '[]', '"text"', '123', 'true', '{}', ' ', '{', '}', '[{}]']),
        note: 'not an object',
      };
    case 10:
      return { text: text.replace(/\s*,\s*/, ',,'), note: 'double comma' };
    default: {
      const at = random.int(0, text.length);
      const junk = String.fromCharCode(random.int(0, 0x1f));
      return {
        text: text.slice(0, at) + junk + text.slice(at),
        note: `control character at ${at}`,
      };
    }
  }
}

export function short(value: unknown): string {
  const text =
    typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 77)}...(${text.length} chars)` : text;
}
