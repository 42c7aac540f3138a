/**
 * OpenSearch's error wire format. Every error our routes answer with has this shape, so
 * scripts written against OpenSearch read our errors the same way.
 */
export interface OpenSearchErrorCause {
  type: string;
  reason: string;
  [extra: string]: unknown;
}

export interface OpenSearchErrorBody {
  error: OpenSearchErrorCause & {
    root_cause: OpenSearchErrorCause[];
    stack_trace?: string;
  };
  status: number;
}

export function isOpenSearchErrorBody(value: unknown): value is OpenSearchErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { error, status } = value as Record<string, unknown>;
  return (
    typeof status === 'number' &&
    typeof error === 'object' &&
    error !== null &&
    typeof (error as Record<string, unknown>).type === 'string'
  );
}
