import { hostname } from 'os';
import { describe, expect, it } from 'vitest';
import { allowedHostsFromEnv, hostPolicy } from './allowed_hosts';

describe('hostPolicy', () => {
  it('serves a loopback bind by its address and loopback names, on its port only', () => {
    const allows = hostPolicy({ address: '127.0.0.1', port: 5602 });
    for (const host of ['127.0.0.1:5602', 'localhost:5602', 'LOCALHOST:5602', '[::1]:5602']) {
      expect(allows(host), host).toBe(true);
    }
    for (const host of [
      // A page's own name pointed at 127.0.0.1 (DNS rebinding).
      'attacker.example:5602',
      'localhost.attacker.example:5602',
      '127.0.0.1',
      'localhost:80',
      'localhost:5603',
      '',
      'localhost:5602:1',
      undefined,
    ]) {
      expect(allows(host), String(host)).toBe(false);
    }
  });

  it('serves a non-loopback bind by its own address only', () => {
    const allows = hostPolicy({ address: '10.1.2.3', port: 5602 });
    expect(allows('10.1.2.3:5602')).toBe(true);
    expect(allows('localhost:5602')).toBe(false);
    const v6 = hostPolicy({ address: 'fd00::5', port: 80 });
    expect(v6('[fd00::5]')).toBe(true);
    expect(v6('[FD00::5]:80')).toBe(true);
  });

  it('serves a bind to every interface by the machine’s own names', () => {
    const allows = hostPolicy({ address: '0.0.0.0', port: 5602 });
    expect(allows(`${hostname()}:5602`)).toBe(true);
    expect(allows('127.0.0.1:5602')).toBe(true);
    expect(allows('attacker.example:5602')).toBe(false);
  });

  it('adds configured names: on any port without one, on that port with one, or every name', () => {
    const allows = hostPolicy({ address: '127.0.0.1', port: 5602 }, [
      'federation.example.com',
      'Proxy.example.com:8443',
    ]);
    expect(allows('federation.example.com')).toBe(true);
    expect(allows('federation.example.com:443')).toBe(true);
    expect(allows('proxy.example.com:8443')).toBe(true);
    expect(allows('proxy.example.com:5602')).toBe(false);
    expect(hostPolicy({ address: '127.0.0.1', port: 1 }, ['*'])('any.example:9')).toBe(true);
  });
});

describe('allowedHostsFromEnv', () => {
  it('reads a comma list, ignoring blanks', () => {
    expect(allowedHostsFromEnv({ FEDERATION_ALLOWED_HOSTS: ' a.example , b:81,, ' })).toEqual([
      'a.example',
      'b:81',
    ]);
    expect(allowedHostsFromEnv({ FEDERATION_ALLOWED_HOSTS: ' , ' })).toBeUndefined();
    expect(allowedHostsFromEnv({})).toBeUndefined();
  });
});
