import { describe, expect, it } from 'vitest';
import { SharedRegistrations } from './shared_registration';

describe('SharedRegistrations', () => {
  it('sets up once for many users and disposes when the last one leaves', () => {
    const registrations = new SharedRegistrations();
    const log: string[] = [];
    const setup = () => {
      log.push('setup');
      return [
        { dispose: () => log.push('tokens disposed') },
        { dispose: () => log.push('completion disposed') },
      ];
    };
    const first = registrations.acquire('gql', setup);
    const second = registrations.acquire('gql', setup);
    expect(log).toEqual(['setup']);
    expect(registrations.users('gql')).toBe(2);

    first.dispose();
    first.dispose(); // a second dispose of the same use changes nothing
    expect(log).toEqual(['setup']);
    second.dispose();
    expect(log).toEqual(['setup', 'tokens disposed', 'completion disposed']);
    expect(registrations.users('gql')).toBe(0);

    registrations.acquire('gql', setup);
    expect(log.filter((entry) => entry === 'setup')).toHaveLength(2);
  });

  it('keeps keys apart', () => {
    const registrations = new SharedRegistrations();
    const disposed: string[] = [];
    const gql = registrations.acquire('gql', () => [{ dispose: () => disposed.push('gql') }]);
    registrations.acquire('json', () => [{ dispose: () => disposed.push('json') }]);
    gql.dispose();
    expect(disposed).toEqual(['gql']);
    expect(registrations.users('json')).toBe(1);
  });
});
