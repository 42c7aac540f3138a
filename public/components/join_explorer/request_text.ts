import { SEARCH_BASE_PATH, XSRF_HEADER } from '../../../common/constants';
import { indexPath, type SortValue } from '../../services/api/search_api';
import { pageBody, type JoinRequest } from './build_join_request';
import { curlComments } from './strings';

/** Stands for the id that opening the PIT returns; users paste theirs in its place. */
export const PIT_ID_PLACEHOLDER = '<PIT_ID>';

/** The search body of one page as the explorer shows it: pretty JSON, the PIT id a placeholder. */
export function pageBodyJson(request: JoinRequest, searchAfter?: readonly SortValue[]): string {
  return JSON.stringify(pageBody(request, PIT_ID_PLACEHOLDER, searchAfter), null, 2);
}

/** A word for a POSIX shell, single-quoted (a quote inside ends, escapes and reopens). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The join as the three `curl` calls of docs/api/interface.md §4.5 (open the PIT, one page, close the PIT), against
 * `origin` (the page's own origin, where the app reaches the routes). POST for the search: inside
 * OpenSearch Dashboards a GET carries no body. `osd-xsrf` is required on every non-GET request.
 */
export function joinRequestCurl(
  request: JoinRequest,
  origin: string,
  searchAfter?: readonly SortValue[]
): string {
  const base = `${origin.replace(/\/$/, '')}${SEARCH_BASE_PATH}`;
  const xsrf = `-H ${shellQuote(`${XSRF_HEADER}: true`)}`;
  const json = `-H 'Content-Type: application/json'`;
  const openUrl = `${base}/${indexPath(request.parentIndex)}/_pit?keep_alive=${encodeURIComponent(request.keepAlive)}`;
  const closeBody = JSON.stringify({ id: PIT_ID_PLACEHOLDER });
  return [
    `# ${curlComments.open(PIT_ID_PLACEHOLDER)}`,
    `curl -X POST ${shellQuote(openUrl)} ${xsrf}`,
    '',
    `# ${curlComments.page()}`,
    `curl -X POST ${shellQuote(`${base}/_search`)} ${xsrf} ${json} -d ${shellQuote(pageBodyJson(request, searchAfter))}`,
    '',
    `# ${curlComments.close()}`,
    `curl -X DELETE ${shellQuote(`${base}/_pit`)} ${xsrf} ${json} -d ${shellQuote(closeBody)}`,
  ].join('\n');
}
