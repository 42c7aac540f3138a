/**
 * The settings table in docs/operations/configuration.md is what an operator reads, and the zod
 * schema in server/engine/settings.ts is what the engine obeys, so the table is checked against
 * the schema: every setting has its row, under both of its names, with the schema's default, and
 * every other variable the table names is one the hosts really read.
 */
import { readdirSync, readFileSync, statSync } from 'fs';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../server/engine/settings';

const root = path.resolve(__dirname, '..');

/**
 * Settings that only the standalone host uses: inside OSD their row names OSD's own setting
 * instead (`– (OSD's opensearch.requestTimeout)`), since OSD's client is not ours to configure.
 */
const STANDALONE_ONLY = new Set(['openSearchRequestTimeoutMs']);

interface Row {
  env: string;
  osd: string;
  defaultText: string;
}

/** The table's rows, each cell without its backticks. */
function rows(): Row[] {
  const page = readFileSync(path.join(root, 'docs', 'operations', 'configuration.md'), 'utf8');
  return page
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim())
    )
    .filter(([first]) => !/^-+$/.test(first) && !first.startsWith('Standalone'))
    .map(([env, osd, defaultText]) => ({
      env: env.replace(/`/g, ''),
      osd: osd.replace(/`/g, ''),
      defaultText: defaultText.replace(/`/g, ''),
    }));
}

/** The variable the standalone host reads a setting from (server/standalone/settings_from_env.ts). */
function envName(key: string): string {
  return `FEDERATION_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/** The default as the table must begin its cell: the exact value, then any gloss `(10 MiB)`. */
function leadingValue(text: string): unknown {
  const first = text.split(/\s/)[0];
  if (first === 'true' || first === 'false') return first === 'true';
  return /^\d+$/.test(first) ? Number(first) : undefined;
}

/** Product sources (tests excluded) of the hosts and scripts, where variables are read. */
function hostSources(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|js)$/.test(entry) && !/\.test\.ts$/.test(entry))
        texts.push(readFileSync(full, 'utf8'));
    }
  };
  walk(path.join(root, 'server'));
  walk(path.join(root, 'scripts'));
  return texts.join('\n');
}

describe('the settings table (docs/operations/configuration.md)', () => {
  const keys = Object.keys(settingsSchema.shape);
  const defaults: Record<string, unknown> = settingsSchema.parse({});
  const table = rows();

  it('has a row for every setting of the schema, under both of its names', () => {
    expect(keys.length).toBeGreaterThan(30);
    const missing = keys.filter((key) => {
      const row = table.find((r) => r.env === envName(key));
      if (row === undefined) return true;
      return STANDALONE_ONLY.has(key) ? !row.osd.startsWith('–') : row.osd !== `federation.${key}`;
    });
    expect(missing).toEqual([]);
  });

  it("gives each setting the schema's default", () => {
    const wrong = keys.flatMap((key) => {
      const row = table.find((r) => r.env === envName(key));
      if (row === undefined) return [];
      const shown = leadingValue(row.defaultText);
      return shown === defaults[key]
        ? []
        : [`${key}: table ${row.defaultText}, schema ${String(defaults[key])}`];
    });
    expect(wrong).toEqual([]);
  });

  it('names no setting the schema lacks', () => {
    const names = new Set(keys.map((key) => `federation.${key}`));
    const unknown = table
      .map((r) => r.osd)
      .filter((osd) => osd.startsWith('federation.') && !names.has(osd));
    expect(unknown).toEqual([]);
  });

  it('names only variables that the hosts or scripts read', () => {
    const settingVariables = new Set(keys.map(envName));
    const sources = hostSources();
    const unread = table
      .map((r) => r.env)
      .filter((env) => env !== '–' && !settingVariables.has(env))
      .filter((env) => !new RegExp(`env\\.${env}\\b|'${env}'`).test(sources));
    expect(table.filter((r) => !settingVariables.has(r.env)).length).toBeGreaterThan(5);
    expect(unread).toEqual([]);
  });
});
