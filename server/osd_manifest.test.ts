import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `opensearch_dashboards.json` checked against the rules OSD applies when it discovers a plugin:
 * `parseManifest` in OSD's src/core/server/plugins/discovery/plugin_manifest_parser.ts (with
 * `isCamelCase` from is_camel_case.ts beside it and `isConfigPath` from src/core/server/config),
 * as of OpenSearch-Dashboards main (3.x). A manifest that breaks one of them is refused, and the
 * plugin with it, at OSD's start.
 */
const KNOWN_MANIFEST_FIELDS = new Set([
  'id',
  'opensearchDashboardsVersion',
  'version',
  'configPath',
  'requiredPlugins',
  'optionalPlugins',
  'ui',
  'server',
  'extraPublicDirs',
  'requiredBundles',
]);

const manifest = JSON.parse(
  readFileSync(path.resolve(__dirname, '..', 'opensearch_dashboards.json'), 'utf8')
) as Record<string, unknown>;

/**
 * OSD's isCamelCase is `lodash.camelCase(id) === id`: true exactly for a lowercase letter followed
 * by letters and digits, with no separators (lodash is not a dependency of ours, so the rule is
 * written out).
 */
const isCamelCase = (id: string) => /^[a-z][a-zA-Z0-9]*$/.test(id);

/** semver's `coerce` as OSD uses it: the first `major[.minor[.patch]]` in the text. */
const coercedMajor = (version: string) => {
  const match = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(version);
  return match === null ? null : Number(match[1]);
};

const isStringArray = (value: unknown) =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string');

describe('opensearch_dashboards.json under OSD’s manifest rules', () => {
  it('holds only the fields OSD knows (any other is "unrecognized" and refused)', () => {
    expect(Object.keys(manifest).filter((key) => !KNOWN_MANIFEST_FIELDS.has(key))).toEqual([]);
  });

  it('has a string id without dots, in camelCase', () => {
    expect(typeof manifest.id).toBe('string');
    const id = manifest.id as string;
    expect(id).not.toContain('.');
    expect(isCamelCase(id)).toBe(true);
  });

  it('has a string version and an OSD version semver can read', () => {
    expect(typeof manifest.version).toBe('string');
    expect(manifest.version).not.toBe('');
    // OSD compares coerce(its version) with coerce(this); unreadable means never compatible.
    expect(typeof manifest.opensearchDashboardsVersion).toBe('string');
    expect(coercedMajor(manifest.opensearchDashboardsVersion as string)).toBe(3);
  });

  it('declares server and ui as booleans, at least one true', () => {
    expect(typeof manifest.server).toBe('boolean');
    expect(typeof manifest.ui).toBe('boolean');
    expect(manifest.server === true || manifest.ui === true).toBe(true);
  });

  it('lists required and optional plugins as arrays of ids', () => {
    expect(isStringArray(manifest.requiredPlugins)).toBe(true);
    expect(isStringArray(manifest.optionalPlugins)).toBe(true);
  });

  it('takes OSD’s data plugin as optional: its search strategy is wrapped only when present', () => {
    // OSD starts a plugin's optional dependencies before it, so the data plugin's `opensearch`
    // strategy exists at our start (server/plugin.ts); without it the plugin still serves /svc.
    expect(manifest.optionalPlugins).toContain('data');
    expect(manifest.requiredPlugins).not.toContain('data');
  });

  it('takes OSD’s embeddable plugin as optional: the saved GQL query panel is registered only when present', () => {
    // public/plugin.ts registers the panel's factory at setup when OSD passes `embeddable`.
    expect(manifest.optionalPlugins).toContain('embeddable');
    expect(manifest.requiredPlugins).not.toContain('embeddable');
  });

  it('reads its settings from federation.* (configPath a string or an array of strings)', () => {
    const configPath = manifest.configPath;
    expect(typeof configPath === 'string' || isStringArray(configPath)).toBe(true);
    expect(configPath).toEqual(['federation']);
  });
});
