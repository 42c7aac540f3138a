import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import os from 'os';
import path from 'path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkExpectedVersion,
  OsdSourceError,
  osdSourceSteps,
  parseOsdSourceArgs,
  readOsdSource,
} from './osd_from_source';

// A fake OSD_SRC: only the files the script reads (package.json, .node-version, the two scripts).
const trees: string[] = [];
function fakeOsd(
  files: { pkg?: unknown; nodeVersion?: string; scripts?: string[]; plugin?: boolean } = {}
): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'fake-osd-'));
  trees.push(root);
  const pkg = 'pkg' in files ? files.pkg : { name: 'opensearch-dashboards', version: '3.6.0' };
  if (pkg !== undefined)
    writeFileSync(
      path.join(root, 'package.json'),
      typeof pkg === 'string' ? pkg : JSON.stringify(pkg)
    );
  if (files.nodeVersion !== undefined)
    writeFileSync(path.join(root, '.node-version'), `${files.nodeVersion}\n`);
  mkdirSync(path.join(root, 'scripts'));
  for (const script of files.scripts ?? [
    'opensearch_dashboards.js',
    'opensearch_dashboards_plugin.js',
  ])
    writeFileSync(path.join(root, 'scripts', script), '');
  if (files.plugin) mkdirSync(path.join(root, 'plugins', 'federation'), { recursive: true });
  return root;
}
afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

const defaults = parseOsdSourceArgs([], {});

describe('the OSD source tree', () => {
  it('is refused when OSD_SRC is unset or empty, saying what to set', () => {
    for (const value of [undefined, '', '  ']) {
      expect(() => readOsdSource(value, 'v22.22.0')).toThrow(OsdSourceError);
      expect(() => readOsdSource(value, 'v22.22.0')).toThrow(
        'OSD_SRC is not set: point it at a checkout of opensearch-project/OpenSearch-Dashboards'
      );
    }
  });

  it('is refused when it is not an OSD tree, naming what is missing', () => {
    expect(() => readOsdSource(path.join(os.tmpdir(), 'no-such-osd-tree'), 'v22.0.0')).toThrow(
      'is not a directory'
    );
    expect(() => readOsdSource(fakeOsd({ pkg: undefined }), 'v22.0.0')).toThrow(
      'it has no package.json'
    );
    expect(() => readOsdSource(fakeOsd({ pkg: '{not json' }), 'v22.0.0')).toThrow(
      'is not valid JSON'
    );
    expect(() =>
      readOsdSource(fakeOsd({ pkg: { name: 'kibana', version: '7.10.2' } }), 'v22.0.0')
    ).toThrow('its package.json is named "kibana", not "opensearch-dashboards"');
    expect(() =>
      readOsdSource(fakeOsd({ scripts: ['opensearch_dashboards.js'] }), 'v22.0.0')
    ).toThrow('scripts/opensearch_dashboards_plugin.js is missing');
    expect(() =>
      readOsdSource(
        fakeOsd({ pkg: { name: 'opensearch-dashboards', version: '3.7.0-SNAPSHOT' } }),
        'v22.0.0'
      )
    ).toThrow('has version "3.7.0-SNAPSHOT", not x.y.z: check out a release tag');
  });

  it('gives the version of its package.json and its .node-version', () => {
    const root = fakeOsd({ nodeVersion: 'v22.22.0' });
    expect(readOsdSource(root, 'v22.1.0')).toEqual({
      root,
      version: '3.6.0',
      nodeVersion: '22.22.0',
    });
  });

  it('is refused when the versions do not match', () => {
    // A 2.x tree: the zip's build knows only 3.x.
    const old = fakeOsd({ pkg: { name: 'opensearch-dashboards', version: '2.19.0' } });
    expect(() => readOsdSource(old, 'v20.0.0')).toThrow(
      'OSD_SRC is OpenSearch Dashboards 2.19.0: only OpenSearch Dashboards 3.x is supported'
    );
    // OSD names a Node whose ABI is not the one the zip's SQLite addon is compiled for.
    const newNode = fakeOsd({ nodeVersion: '24.1.0' });
    expect(() => readOsdSource(newNode, 'v24.1.0')).toThrow(
      'OSD_SRC (3.6.0) runs Node 24.1.0 (its .node-version), but the zip for 3.6.0 compiles SQLite for Node 22.22.0'
    );
    // This script runs under another Node than OSD's bootstrap and dev server need.
    const root = fakeOsd({ nodeVersion: '22.22.0' });
    expect(() => readOsdSource(root, 'v20.19.0')).toThrow(
      'OSD_SRC (3.6.0) needs Node 22.22.0 (its .node-version), this is Node 20.19.0'
    );
    // A version asked for that is not the tree's.
    const source = readOsdSource(root, 'v22.0.0');
    expect(() => checkExpectedVersion(source, '3.7.0')).toThrow(
      'OSD_SRC is OpenSearch Dashboards 3.6.0, but 3.7.0 was asked for'
    );
    expect(() => checkExpectedVersion(source, '3.6.0')).not.toThrow();
    expect(() => checkExpectedVersion(source, undefined)).not.toThrow();
  });
});

describe('the options', () => {
  it('default to bootstrapping and the local OpenSearch; OSD_VERSION is the expected version', () => {
    expect(defaults).toEqual({
      skipBootstrap: false,
      opensearchUrl: 'http://127.0.0.1:9200',
      expectedVersion: undefined,
    });
    expect(parseOsdSourceArgs([], { OSD_VERSION: '3.6.0' }).expectedVersion).toBe('3.6.0');
    expect(
      parseOsdSourceArgs(
        ['--skip-bootstrap', '--opensearch=http://node1:9201/', '--osd-version=3.7.0'],
        { OSD_VERSION: '3.6.0' }
      )
    ).toEqual({
      skipBootstrap: true,
      opensearchUrl: 'http://node1:9201',
      expectedVersion: '3.7.0',
    });
  });

  it('refuse what they do not know, naming it', () => {
    expect(() => parseOsdSourceArgs(['--dev'], {})).toThrow('unknown option "--dev"');
    expect(() => parseOsdSourceArgs(['--opensearch=node1:9200'], {})).toThrow(
      '--opensearch must be an http(s) URL of a node'
    );
  });
});

describe('the steps', () => {
  it('bootstrap OSD, build the zip for its version, install it with OSD’s installer, start OSD', () => {
    const root = fakeOsd();
    const source = readOsdSource(root, 'v22.0.0');
    const { build, start } = osdSourceSteps(source, defaults, '/repo');
    expect(build.map((s) => [s.cwd, s.argv.join(' ')])).toEqual([
      [root, 'yarn osd bootstrap'],
      ['/repo', 'npm run build -- --osd-version=3.6.0'],
      [
        root,
        'node scripts/opensearch_dashboards_plugin install file:///repo/build/federation-3.6.0.zip',
      ],
    ]);
    expect(start.cwd).toBe(root);
    expect(start.argv).toEqual([
      'yarn',
      'start',
      '--no-base-path',
      '--opensearch=http://127.0.0.1:9200',
    ]);
  });

  it('remove an installed copy first (OSD’s installer refuses to overwrite) and may skip the bootstrap', () => {
    const source = readOsdSource(fakeOsd({ plugin: true }), 'v22.0.0');
    const { build } = osdSourceSteps(source, { ...defaults, skipBootstrap: true }, '/repo');
    expect(build.map((s) => s.argv.slice(0, 4).join(' '))).toEqual([
      'npm run build --',
      'node scripts/opensearch_dashboards_plugin remove federation',
      'node scripts/opensearch_dashboards_plugin install file:///repo/build/federation-3.6.0.zip',
    ]);
  });
});
