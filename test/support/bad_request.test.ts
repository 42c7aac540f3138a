import { describe, expect, it } from 'vitest';
import { badRequest, FederationError } from '../../server/engine/errors';
import { errorBody } from '../../server/engine/error_body';
import { badRequestThrownBy, expectBadRequest } from './bad_request';

const refusal = errorBody(400, 'illegal_argument_exception', 'no such field [x]', {});

describe('expectBadRequest', () => {
  it('returns the body of a 400 in OpenSearch’s error format that names the words', () => {
    const answer = { status: 400, body: refusal, text: JSON.stringify(refusal) };
    expect(expectBadRequest(answer, 'no such field', '[x]')).toBe(refusal);
  });

  it('fails on another status, another format or a reason without the words', () => {
    expect(() => expectBadRequest({ status: 404, body: { ...refusal, status: 404 } })).toThrow();
    expect(() => expectBadRequest({ status: 400, body: { message: 'bad' } })).toThrow();
    expect(() =>
      expectBadRequest({ status: 400, body: { error: { type: 't', reason: 'r' }, status: 400 } })
    ).toThrow();
    expect(() => expectBadRequest({ status: 400, body: refusal }, 'other field')).toThrow();
  });
});

describe('badRequestThrownBy', () => {
  it('returns the 400 the function threw', () => {
    const error = badRequestThrownBy(() => {
      throw badRequest('no such field [x]');
    }, 'no such field');
    expect(error.reason).toBe('no such field [x]');
  });

  it('fails when nothing, another error or another status is thrown', () => {
    expect(() => badRequestThrownBy(() => 1)).toThrow('expected a 400');
    expect(() =>
      badRequestThrownBy(() => {
        throw new Error('plain');
      })
    ).toThrow();
    expect(() =>
      badRequestThrownBy(() => {
        throw new FederationError(404, 'index_not_found_exception', 'no such index');
      })
    ).toThrow();
  });
});
