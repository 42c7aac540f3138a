import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fromClientError } from './client_errors';
import { readAnswer, type StreamedResponse } from './raw_response';

const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };

function answer(
  statusCode: number,
  body: string | Buffer,
  headers: Record<string, string> = JSON_TYPE
): StreamedResponse {
  return { statusCode, headers, body: Readable.from([Buffer.from(body)]) };
}

/** What readAnswer threw, as the gateway passes it on. */
async function failure(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return fromClientError(error);
  }
  throw new Error('expected the answer to fail');
}

describe('readAnswer: OpenSearch answers as the client transport gives them', () => {
  it('keeps __proto__ and constructor keys as own properties, touching no prototype', async () => {
    const text = '{"_source": {"__proto__": {"polluted": 1}, "constructor": {"prototype": 1}}}';
    const body = (await readAnswer(answer(200, text), { method: 'GET' })) as any;
    const source = body._source;
    expect(Object.keys(source)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(source)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(source, '__proto__')?.value).toEqual({ polluted: 1 });
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('answers a status >= 400 as the ResponseError fromClientError translates', async () => {
    const error = {
      error: { root_cause: [], type: 'index_not_found_exception', reason: 'no such index [x]' },
      status: 404,
    };
    const translated = await failure(
      readAnswer(answer(404, JSON.stringify(error)), { method: 'GET' })
    );
    expect(translated.status).toBe(404);
    expect(translated.body).toEqual(error);
    // OpenSearch's parser failures stay the 400s they are (client_errors.ts).
    const parser = { error: { type: 'json_parse_exception', reason: 'bad' }, status: 500 };
    expect(
      (await failure(readAnswer(answer(500, JSON.stringify(parser)), { method: 'POST' }))).status
    ).toBe(400);
  });

  it('answers statuses in ignore as responses', async () => {
    const body = await readAnswer(answer(404, '{"found": false}'), {
      method: 'GET',
      ignore: [404],
    });
    expect(body).toEqual({ found: false });
  });

  it('answers HEAD with true, false for 404, and an error otherwise', async () => {
    const empty = (status: number) => answer(status, '', {});
    expect(await readAnswer(empty(200), { method: 'HEAD' })).toBe(true);
    expect(await readAnswer(empty(404), { method: 'HEAD' })).toBe(false);
    expect((await failure(readAnswer(empty(403), { method: 'HEAD' }))).status).toBe(403);
  });

  it('gives an empty or non-JSON body as its text', async () => {
    expect(await readAnswer(answer(200, ''), { method: 'POST' })).toBe('');
    const text = answer(200, 'green open x', { 'content-type': 'text/plain' });
    expect(await readAnswer(text, { method: 'GET' })).toBe('green open x');
  });

  it('reads a compressed body', async () => {
    const compressed = answer(200, gzipSync('{"a": [1, 2]}'), {
      ...JSON_TYPE,
      'content-encoding': 'gzip',
    });
    expect(await readAnswer(compressed, { method: 'GET' })).toEqual({ a: [1, 2] });
  });

  it('fails a body that breaks off as the connection error it is, or 499 once aborted', async () => {
    const broken = (): StreamedResponse => ({
      statusCode: 200,
      headers: JSON_TYPE,
      body: new Readable({
        read() {
          this.destroy(new Error('socket hang up'));
        },
      }),
    });
    expect((await failure(readAnswer(broken(), { method: 'GET' }))).status).toBe(503);
    const controller = new AbortController();
    const never: StreamedResponse = {
      statusCode: 200,
      headers: JSON_TYPE,
      body: new Readable({ read() {} }),
    };
    const reading = readAnswer(never, { method: 'GET', signal: controller.signal });
    controller.abort();
    expect((await failure(reading)).status).toBe(499);
  });

  it('refuses a declared length past what a string can hold, as the transport does', async () => {
    const huge = answer(200, '{}', { ...JSON_TYPE, 'content-length': String(2 ** 40) });
    const translated = await failure(readAnswer(huge, { method: 'GET' }));
    expect(translated.status).toBe(499);
    expect(translated.cause.message).toContain('bigger than the maximum allowed string');
  });

  it('fails invalid JSON as the client does', async () => {
    const translated = await failure(readAnswer(answer(200, '{"a":'), { method: 'GET' }));
    expect(translated.name).toBe('DeserializationError');
  });

  it('passes on an answer a client parsed already', async () => {
    expect(await readAnswer({ statusCode: 200, body: { a: 1 } }, { method: 'GET' })).toEqual({
      a: 1,
    });
  });
});
