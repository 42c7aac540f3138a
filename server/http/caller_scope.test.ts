import { describe, expect, it } from 'vitest';
import { addressCaller, openRequestScope, osdCaller } from './caller_scope';
import type { HttpRequest } from './router_contract';

function request(extra: Partial<HttpRequest> = {}): HttpRequest {
  return {
    params: {},
    query: {},
    body: undefined,
    headers: {},
    route: { path: '/svc/_search', method: 'post' },
    url: new URL('http://localhost/svc/_search'),
    ...extra,
  };
}

describe('openRequestScope', () => {
  it('aborts with the 499 when the request is aborted, and stops listening when closed', () => {
    const listeners: Array<() => void> = [];
    const aborted$ = {
      subscribe(next: () => void) {
        listeners.push(next);
        return { unsubscribe: () => void listeners.splice(listeners.indexOf(next), 1) };
      },
    };
    const opened = openRequestScope(request({ events: { aborted$ } }));
    expect(opened.scope.signal.aborted).toBe(false);
    listeners[0]();
    expect(opened.scope.signal.aborted).toBe(true);
    expect(opened.scope.signal.reason).toMatchObject({
      status: 499,
      type: 'request_aborted_exception',
    });
    opened.close();
    expect(listeners).toHaveLength(0);
  });

  it('names a standalone caller by its address', () => {
    expect(openRequestScope(request({ remoteAddress: '127.0.0.2' })).scope.caller).toBe(
      'address:127.0.0.2'
    );
    expect(addressCaller(request())).toBe('address:unknown');
  });
});

describe('osdCaller', () => {
  it('is the user the security plugin authenticated', () => {
    expect(osdCaller({ state: { authInfo: { user_name: 'alice' } } }, {})).toBe('user:alice');
  });

  it('hashes forwarded credentials, never keeping them', () => {
    const caller = osdCaller(undefined, { authorization: 'Basic YWxpY2U6c2VjcmV0' });
    expect(caller).toMatch(/^credentials:[0-9a-f]{32}$/);
    expect(caller).not.toContain('YWxpY2U6c2VjcmV0');
    expect(osdCaller(undefined, { authorization: 'Basic Ym9iOnNlY3JldA==' })).not.toBe(caller);
  });

  it('is one anonymous caller without users', () => {
    expect(osdCaller({ state: undefined }, {})).toBe('anonymous');
  });
});
