/**
 * One adversarial request and what it must end as: a 2xx, or a 4xx in OpenSearch's error format,
 * or a 503/504 in that format, within the request limit; never another 5xx, never a hang, never
 * a dropped connection (the host died).
 */
import { errorFormatProblem } from '../fuzz/checker';
import { send } from '../fuzz/raw_client';
import { REQUEST_LIMIT_MS } from './adversarial_config';

export type ShapeName =
  'dense_quantified_edges' | 'cross_products' | 'huge_models' | 'saved_query_lists' | 'deep_joins';

export interface AdversarialRequest {
  shape: ShapeName;
  /** What it is, short enough for a report line (bodies may be megabytes). */
  label: string;
  method: string;
  path: string;
  body?: string;
  /** A bound on the answer's size, where the answer must not grow with the data. */
  maxAnswerBytes?: number;
}

export interface Outcome {
  request: AdversarialRequest;
  status: number | null;
  elapsedMs: number;
  /** The error type or a short summary of the answer. */
  summary: string;
  problem: string | null;
}

export async function runRequest(url: string, request: AdversarialRequest): Promise<Outcome> {
  const started = Date.now();
  try {
    const answer = await send(
      url,
      { method: request.method, path: request.path, body: request.body },
      REQUEST_LIMIT_MS
    );
    const json = answer.json as { error?: { type?: string; reason?: string } } | undefined;
    const summary =
      answer.status >= 400
        ? `${json?.error?.type ?? '?'}: ${String(json?.error?.reason ?? answer.text).slice(0, 160)}`
        : `${answer.text.length} bytes`;
    return {
      request,
      status: answer.status,
      elapsedMs: answer.elapsedMs,
      summary,
      problem: answerProblem(answer.status, answer.json, answer.text.length, request),
    };
  } catch (error) {
    const message = (error as Error).message;
    return {
      request,
      status: null,
      elapsedMs: Date.now() - started,
      summary: message,
      problem: message.startsWith('timed out')
        ? `no answer within ${REQUEST_LIMIT_MS} ms (a hang)`
        : `no answer: ${message} (did the host die?)`,
    };
  }
}

function answerProblem(
  status: number,
  json: unknown,
  bytes: number,
  request: AdversarialRequest
): string | null {
  if (status >= 200 && status < 300) {
    if (json === undefined) return `a ${status} whose body is not JSON`;
    if (request.maxAnswerBytes !== undefined && bytes > request.maxAnswerBytes)
      return `answered ${bytes} bytes, more than the ${request.maxAnswerBytes} this answer may hold`;
    return null;
  }
  if ((status >= 400 && status < 500) || status === 503 || status === 504) {
    const format = errorFormatProblem(json, status);
    return format === null ? null : `a ${status} not in OpenSearch's error format: ${format}`;
  }
  return `a ${status}: only 2xx, 4xx, 503 and 504 are allowed`;
}

/** One line per outcome, for the test output. */
export function outcomeLine(outcome: Outcome): string {
  const status = outcome.status ?? '---';
  const mark = outcome.problem === null ? 'ok  ' : 'FAIL';
  return `${mark} ${outcome.request.shape.padEnd(22)} ${String(status).padEnd(4)} ${String(outcome.elapsedMs).padStart(6)} ms  ${outcome.request.label}  -> ${outcome.problem ?? outcome.summary}`;
}
