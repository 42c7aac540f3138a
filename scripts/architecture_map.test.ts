/**
 * The folder map in docs/development/architecture.md is how a newcomer finds a room, so it is
 * checked against the tree: every file it names exists, and every engine folder is on it. (It
 * once listed a `server/http/error_response.ts` that had long been gone.)
 */
import { readdirSync, readFileSync, statSync } from 'fs';
import path from 'path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const SKIPPED = new Set(['node_modules', '.git', 'build', 'target', 'test-output', '.data']);

function filesUnder(dir: string, found = new Set<string>()): Set<string> {
  for (const entry of readdirSync(dir)) {
    if (SKIPPED.has(entry)) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) filesUnder(full, found);
    else found.add(entry);
  }
  return found;
}

/** The first code block of the page: the map. */
function map(): string {
  const page = readFileSync(path.join(root, 'docs', 'development', 'architecture.md'), 'utf8');
  const [, block] = page.split('```');
  return block;
}

describe('the architecture map (docs/development/architecture.md)', () => {
  it('names only files that exist', () => {
    const existing = filesUnder(root);
    const named = [
      ...map().matchAll(/(?<![\w<>-])[a-z0-9][a-z0-9_]*\.(?:ts|tsx|js|mjs|cjs|json)\b/g),
    ].map(([name]) => name);
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((name) => !existing.has(name))).toEqual([]);
  });

  it('shows every folder of the engine', () => {
    const engine = path.join(root, 'server', 'engine');
    const folders = readdirSync(engine).filter((entry) =>
      statSync(path.join(engine, entry)).isDirectory()
    );
    const text = map();
    expect(folders.filter((folder) => !new RegExp(`\\b${folder}/`).test(text))).toEqual([]);
  });
});
