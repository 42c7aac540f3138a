import { describe, expect, it } from 'vitest';
import { FederationError, OpenSearchResponseError } from './errors';
import { stackWithoutPaths, toErrorReply } from './error_body';

describe('toErrorReply', () => {
  it('shapes engine errors like OpenSearch, with details in the cause', () => {
    const reply = toErrorReply(
      new FederationError(400, 'invalid_index_name_exception', 'bad name', { index: 'A' }),
      false
    );
    expect(reply.status).toBe(400);
    expect(reply.unexpected).toBe(false);
    expect(reply.body).toEqual({
      error: {
        root_cause: [{ type: 'invalid_index_name_exception', reason: 'bad name', index: 'A' }],
        type: 'invalid_index_name_exception',
        reason: 'bad name',
        index: 'A',
      },
      status: 400,
    });
  });

  it('passes OpenSearch error bodies through unchanged', () => {
    const body = {
      error: { root_cause: [], type: 'index_not_found_exception', reason: 'no such index [x]' },
      status: 404,
    };
    expect(toErrorReply(new OpenSearchResponseError(404, body), false)).toEqual({
      status: 404,
      body,
      unexpected: false,
    });
  });

  it('adds the stack trace only on request, and flags our own failures', () => {
    const plain = toErrorReply(new Error('boom'), false);
    expect(plain.status).toBe(500);
    expect(plain.unexpected).toBe(true);
    expect(plain.body.error.stack_trace).toBeUndefined();
    const traced = toErrorReply(new FederationError(400, 't', 'r'), true);
    expect(traced.body.error.stack_trace).toContain('FederationError');
  });
});

describe('stackWithoutPaths', () => {
  it('keeps function names and file base names, drops every directory', () => {
    const stack = [
      'FederationError: bad [a/b] at /etc/x',
      '    at FederationError (/work/main/server/engine/errors.ts:30:5)',
      '    at file:///work/main/server/routes/graph.ts:12:7',
      '    at async Promise.all (index 0)',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
      '    at eval (eval at run (C:\\app\\server\\x.js:1:2), <anonymous>:3:4)',
    ].join('\n');
    expect(stackWithoutPaths(stack)).toBe(
      [
        // The message is the error's own text: only frames are rewritten.
        'FederationError: bad [a/b] at /etc/x',
        '    at FederationError (errors.ts:30:5)',
        '    at graph.ts:12:7',
        '    at async Promise.all (index 0)',
        '    at process.processTicksAndRejections (task_queues:95:5)',
        '    at eval (eval at run (x.js:1:2), <anonymous>:3:4)',
      ].join('\n')
    );
  });

  it('shows no directory in the stack_trace of any error reply', () => {
    for (const error of [new FederationError(400, 't', 'r'), new Error('boom')]) {
      const trace = toErrorReply(error, true).body.error.stack_trace as string;
      expect(trace).toMatch(/\n\s+at .*error_body\.test\.ts:\d+:\d+/);
      expect(trace).not.toContain(__dirname);
      expect(trace).not.toMatch(/\/[\w.-]+\//);
    }
  });
});
