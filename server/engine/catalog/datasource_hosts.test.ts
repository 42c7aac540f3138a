import { describe, expect, it } from 'vitest';
import { FederationError } from '../errors';
import { DatasourceHostPolicy, hostEntryProblem } from './datasource_hosts';
import { parseSettings } from '../settings';

describe('DatasourceHostPolicy', () => {
  const policy = new DatasourceHostPolicy([
    'db.example.com',
    '*.corp.example',
    '10.1.0.0/16',
    '192.168.5.7',
    'fd00::/8',
  ]);

  it.each([
    ['db.example.com', true],
    ['DB.Example.COM', true],
    ['other.example.com', false],
    ['a.corp.example', true],
    ['a.b.corp.example', true],
    ['corp.example', false],
    ['evilcorp.example', false],
    ['10.1.200.3', true],
    ['10.2.0.1', false],
    ['192.168.5.7', true],
    ['::ffff:10.1.0.9', true],
    ['fd12::1', true],
    ['::1', false],
    // the resolver reads these as IPv4 addresses: never matched by a name entry
    ['10.1.1', false],
    ['167837953', false],
    ['0x0a.1.0.1', false],
    // a name that resolves into an allowed range is still not an address entry's business
    ['localhost', false],
  ])('%s allowed: %s', (host, allowed) => {
    expect(policy.allows(host)).toBe(allowed);
  });

  it('allows every host when unset, and SQLite files always', () => {
    expect(new DatasourceHostPolicy(undefined).allows('anything.example')).toBe(true);
    new DatasourceHostPolicy([]).check({ kind: 'sqlite', file: '/tmp/x.db' });
  });

  it('names the host and the setting in its 400', () => {
    try {
      policy.check({ kind: 'postgres', host: 'evil.example', port: 5432 });
      throw new Error('expected a 400');
    } catch (error) {
      expect(error).toBeInstanceOf(FederationError);
      expect((error as FederationError).status).toBe(400);
      expect((error as FederationError).reason).toContain('host [evil.example]');
      expect((error as FederationError).reason).toContain('datasourceHosts');
    }
  });

  it('checks entries when settings are read, and reads comma-separated text', () => {
    expect(hostEntryProblem('10.0.0.0/33')).toContain('not a CIDR range');
    expect(hostEntryProblem('bad host')).toContain('not a host name');
    expect(hostEntryProblem('127.1')).toContain('not a host name');
    expect(parseSettings({ datasourceHosts: 'a.example, 10.0.0.0/8' }).datasourceHosts).toEqual([
      'a.example',
      '10.0.0.0/8',
    ]);
    expect(parseSettings({ datasourceHosts: '' }).datasourceHosts).toBeUndefined();
    expect(() => parseSettings({ datasourceHosts: ['x/1'] })).toThrow(/CIDR/);
  });
});
