import { constants as bufferConstants } from 'node:buffer';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { unzip } from 'node:zlib';
import { fromErrorAnswer } from './client_errors';

/**
 * OpenSearch's answers, read and parsed by us rather than by the client. The client's serializer
 * (secure-json-parse with `protoAction: 'error'`) refuses any answer holding a `__proto__` key,
 * or a `constructor` key holding `prototype`, so one such document in an index made every search,
 * `_doc`, `_mapping` and `_field_caps` reaching it fail (issue 20, defect 3); inside OSD the
 * client is OSD's own and its serializer cannot be configured. `JSON.parse` defines every key as
 * an ordinary own property (it never calls the `__proto__` setter), so the data reads as
 * OpenSearch sent it and no prototype is touched. Everything else follows the client's transport
 * (opensearch-js lib/Transport.js), so callers see the same answers and errors as before; an
 * error answer becomes the engine error a ResponseError becomes (client_errors.ts).
 */

/** A response as the transport hands it over when asked for a stream (`asStream: true`). */
export interface StreamedResponse {
  body: unknown;
  statusCode?: number | null;
  headers?: unknown;
}

/** What the caller asked of the answer: statuses that are responses, and the request's abort. */
export interface ReadOptions {
  method: string;
  ignore?: number[];
  signal?: AbortSignal;
}

/** An error named as the client's own (ConnectionError, RequestAbortedError, ...). */
function clientError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

const unzipAsync = promisify(unzip);

/**
 * The answer's body as the transport would have given it: parsed JSON for a JSON content type,
 * `true`/`false` for HEAD, otherwise the text. A status >= 400 not in `ignore` (a HEAD 404 is
 * `false`) throws the engine's error for it (fromErrorAnswer); a body that breaks off throws the
 * client's ConnectionError, and one cut by `signal` or too large for a string its
 * RequestAbortedError, for fromClientError to translate as before.
 */
export async function readAnswer(
  response: StreamedResponse,
  options: ReadOptions
): Promise<unknown> {
  if (!isReadable(response.body)) {
    // A client that answered already parsed (one that does not stream, e.g. a test double).
    return response.body;
  }
  const status = response.statusCode ?? 0;
  const headers = (response.headers ?? {}) as Record<string, string | undefined>;
  const text = await readText(response.body, headers, options.signal);
  const isHead = options.method === 'HEAD';
  const contentType = headers['content-type'];
  let body: unknown;
  if (
    contentType !== undefined &&
    (contentType.includes('application/json') ||
      contentType.includes('application/vnd.opensearch+json')) &&
    !isHead &&
    text !== ''
  ) {
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw clientError('DeserializationError', (error as Error).message);
    }
  } else {
    body = isHead && status < 400 ? true : text;
  }
  const ignored = options.ignore?.includes(status) === true || (isHead && status === 404);
  if (!ignored && status >= 400) throw fromErrorAnswer(status, body);
  return isHead && status === 404 ? false : body;
}

/** The body as text, decompressed when the server compressed it, bounded as the transport bounds it. */
async function readText(
  stream: Readable,
  headers: Record<string, string | undefined>,
  signal: AbortSignal | undefined
): Promise<string> {
  const encoding = (headers['content-encoding'] ?? '').toLowerCase();
  const compressed = encoding.includes('gzip') || encoding.includes('deflate');
  const declared = headers['content-length'];
  const limit = compressed ? bufferConstants.MAX_LENGTH : bufferConstants.MAX_STRING_LENGTH;
  if (declared !== undefined && Number(declared) > limit) {
    stream.destroy();
    throw tooLarge(Number(declared), compressed);
  }
  const abort = () => stream.destroy();
  signal?.addEventListener('abort', abort, { once: true });
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const bytes = chunk as Buffer;
      length += bytes.length;
      if (length > limit) {
        stream.destroy();
        throw tooLarge(length, compressed);
      }
      chunks.push(bytes);
    }
  } catch (error) {
    if ((error as Error).name === 'RequestAbortedError') throw error;
    if (signal?.aborted) throw clientError('RequestAbortedError', 'Request aborted');
    throw clientError('ConnectionError', (error as Error).message);
  } finally {
    signal?.removeEventListener('abort', abort);
  }
  const received = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length);
  const bytes = compressed ? await unzipAsync(received) : received;
  if (bytes.length > bufferConstants.MAX_STRING_LENGTH) throw tooLarge(bytes.length, false);
  return bytes.toString('utf8');
}

function tooLarge(length: number, compressed: boolean): Error {
  const limit = compressed
    ? `buffer (${bufferConstants.MAX_LENGTH})`
    : `string (${bufferConstants.MAX_STRING_LENGTH})`;
  return clientError(
    'RequestAbortedError',
    `The content length (${length}) is bigger than the maximum allowed ${limit}`
  );
}

function isReadable(body: unknown): body is Readable {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as Readable).pipe === 'function' &&
    typeof (body as Readable)[Symbol.asyncIterator] === 'function'
  );
}
