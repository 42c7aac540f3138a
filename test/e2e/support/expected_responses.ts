/**
 * Chromium logs every HTTP error response as a console error ("Failed to load resource: the
 * server responded with a status of 502"), including the ones a flow asks for on purpose (a
 * connection test with a wrong password). Those, and only those, are taken out of a page's
 * problems: the status and the path must both match.
 */
export interface ExpectedResponse {
  status: number;
  /** The request's path (no host), e.g. `/_svc/connector/datasource/x/_validate`. */
  path: string;
}

export function withoutExpectedResponses(
  problems: readonly string[],
  expected: readonly ExpectedResponse[]
): string[] {
  return problems.filter(
    (problem) =>
      !expected.some(
        ({ status, path }) =>
          problem.startsWith('console.error: Failed to load resource') &&
          problem.includes(`status of ${status} `) &&
          new RegExp(`\\(https?://[^/)]+${escapeRegExp(path)}(\\?[^)]*)?\\)$`).test(problem)
      )
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
