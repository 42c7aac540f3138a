/**
 * "Expect a 400 and return it", once: for an HTTP answer (`expectBadRequest`) and for an engine
 * function that throws (`badRequestThrownBy`). Both hold the refusal to OpenSearch's error format
 * (`{error: {root_cause, type, reason}, status}`), since that is what a caller written against
 * OpenSearch reads, and optionally to naming the given words, so a 400 for the wrong reason fails.
 */
import { expect } from 'vitest';
import type { OpenSearchErrorBody } from '../../common/opensearch_error';
import { toErrorReply } from '../../server/engine/error_body';
import { FederationError } from '../../server/engine/errors';

/** What a host answered (test/support/host_call.ts), or anything shaped like it. */
interface Answer {
  status: number;
  body: unknown;
  text?: string;
}

/** Checks that `answer` is a 400 in OpenSearch's format whose reason holds every word; returns its body. */
export function expectBadRequest(answer: Answer, ...words: string[]): OpenSearchErrorBody {
  expect(answer.status, answer.text).toBe(400);
  return expectErrorFormat(answer.body, words);
}

/**
 * Runs `run`, which must throw a 400 `FederationError` whose reason holds every word, and returns
 * the error (its `details` are not in the body's top level when a test wants them by name).
 */
export function badRequestThrownBy(run: () => unknown, ...words: string[]): FederationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FederationError);
    expect((error as FederationError).status).toBe(400);
    expectErrorFormat(toErrorReply(error, false).body, words);
    return error as FederationError;
  }
  throw new Error('expected a 400, but nothing was thrown');
}

function expectErrorFormat(body: unknown, words: string[]): OpenSearchErrorBody {
  expect(body).toMatchObject({
    status: 400,
    error: {
      type: expect.any(String),
      reason: expect.any(String),
      root_cause: [expect.objectContaining({ type: expect.any(String) })],
    },
  });
  const error = body as OpenSearchErrorBody;
  for (const word of words) expect(error.error.reason).toContain(word);
  return error;
}
