/**
 * Browser side: stand-ins for Discover and for a dashboard's data-table panels in the OSD host page
 * (osd_host_page.ts, `?osdHost=discover` and `?osdHost=panels`). Not OSD's apps: they post the
 * request bodies OSD 3.x's apps build (test/osd/fixtures, each saying which OSD file it mirrors)
 * to `/internal/search/opensearch`, the route of OSD's data plugin, which the e2e test serves with
 * the data-plugin double and our search-strategy wrapper (server/osd/search_strategy.ts), and draw
 * the answer plainly: a histogram and a table of hits, or a bar list of buckets per panel.
 */
import { createFetchHttpClient } from '../../../public/services/fetch_http_client';
import { dataTablePanelRequest } from '../../osd/fixtures/dashboard_panel_search';
import { discoverSearchRequest } from '../../osd/fixtures/discover_search';
import { pillInSearchBody, queryDslPill } from '../../osd/fixtures/query_dsl_filter';

const http = createFetchHttpClient({ basePath: '' });

interface SearchAnswer {
  rawResponse: {
    hits: { total: number; hits: Array<{ _id: string; _source: Record<string, unknown> }> };
    aggregations?: Record<
      string,
      { buckets: Array<{ key: unknown; key_as_string?: string; doc_count: number }> }
    >;
  };
}

/** What the test reads back: each search's answer, in order, once drawn. */
export interface HostSearchState {
  answers: SearchAnswer[];
}

const search = (request: Record<string, unknown>) =>
  http.post<SearchAnswer>('/internal/search/opensearch', { body: JSON.stringify(request) });

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  styles: Partial<CSSStyleDeclaration> = {},
  text?: string
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  Object.assign(created.style, styles);
  if (text !== undefined) created.textContent = text;
  return created;
}

function frame(root: HTMLElement, title: string, caption: string): HTMLElement {
  Object.assign(root.style, {
    padding: '16px',
    background: '#f5f7fa',
    fontFamily: 'Inter, -apple-system, BlinkMacSystemFont, sans-serif',
    fontSize: '14px',
    color: '#343741',
  });
  root.append(
    element('h1', { fontSize: '20px', fontWeight: '600' }, title),
    element('p', { color: '#69707d', fontSize: '12px', margin: '4px 0 12px' }, caption)
  );
  const body = element('div');
  root.appendChild(body);
  return body;
}

function card(title: string): { card: HTMLElement; body: HTMLElement } {
  const box = element('section', {
    background: '#fff',
    border: '1px solid #d3dae6',
    borderRadius: '4px',
    padding: '12px',
    marginBottom: '16px',
  });
  box.appendChild(
    element('h2', { fontSize: '14px', fontWeight: '600', marginBottom: '8px' }, title)
  );
  const body = element('div');
  box.appendChild(body);
  return { card: box, body };
}

/** Horizontal bars, one per bucket: `label ███ count`. */
function bars(buckets: Array<{ label: string; count: number }>, testSubj: string): HTMLElement {
  const list = element('div');
  list.setAttribute('data-test-subj', testSubj);
  const max = Math.max(1, ...buckets.map((b) => b.count));
  // Sized to fit half the page: the panels sit two abreast.
  for (const { label, count } of buckets) {
    const row = element('div', {
      display: 'flex',
      alignItems: 'center',
      gap: '8px',
      margin: '4px 0',
    });
    row.setAttribute('data-bucket', `${label}=${count}`);
    row.append(
      element('span', { width: '90px', textAlign: 'right', fontSize: '12px' }, label),
      element('span', {
        display: 'inline-block',
        height: '14px',
        width: `${Math.round((count / max) * 240)}px`,
        background: '#54b399',
      }),
      element('span', { fontSize: '12px' }, String(count))
    );
    list.appendChild(row);
  }
  return list;
}

function table(rows: Array<Record<string, unknown>>, columns: string[]): HTMLElement {
  const result = element('table', { borderCollapse: 'collapse', width: '100%', fontSize: '12px' });
  result.setAttribute('data-test-subj', 'hostHits');
  const head = element('tr');
  for (const column of columns)
    head.appendChild(
      element(
        'th',
        { textAlign: 'left', borderBottom: '1px solid #d3dae6', padding: '4px 8px' },
        column
      )
    );
  result.appendChild(head);
  for (const row of rows) {
    const line = element('tr');
    for (const column of columns)
      line.appendChild(
        element(
          'td',
          { borderBottom: '1px solid #eef0f3', padding: '4px 8px' },
          String(row[column] ?? '')
        )
      );
    result.appendChild(line);
  }
  return result;
}

/** `?osdHost=discover&index=&timeField=&from=&to=`: Discover's search, drawn. */
export async function mountHostDiscover(
  root: HTMLElement,
  params: URLSearchParams,
  state: HostSearchState
) {
  const index = params.get('index')!;
  // The index pattern's title as the user named it (the test's indices have unique names).
  const label = params.get('label') ?? index;
  const timeField = params.get('timeField')!;
  const from = params.get('from')!;
  const to = params.get('to')!;
  const body = frame(
    root,
    `Discover: ${label}`,
    'The e2e page’s stand-in for OSD’s Discover: it posts the body Discover builds (test/osd/fixtures/discover_search.ts) to /internal/search/opensearch and draws the answer.'
  );
  const answer = await search(discoverSearchRequest({ index, timeField, from, to }));
  const histogram = card(
    `${answer.rawResponse.hits.total} hits, ${from.slice(0, 10)} to ${to.slice(0, 10)}, per day`
  );
  histogram.body.appendChild(
    bars(
      (answer.rawResponse.aggregations?.['2']?.buckets ?? []).map((b) => ({
        label: String(b.key_as_string ?? b.key).slice(0, 10),
        count: b.doc_count,
      })),
      'hostHistogram'
    )
  );
  const hits = card('Documents (newest first)');
  const rows = answer.rawResponse.hits.hits.map((hit) => ({ _id: hit._id, ...hit._source }));
  hits.body.appendChild(
    table(rows, ['_id', ...Object.keys(answer.rawResponse.hits.hits[0]?._source ?? {})])
  );
  body.append(histogram.card, hits.card);
  state.answers.push(answer);
}

/**
 * `?osdHost=panels&index=&termsField=&timeField=&from=&to=&child=&on=&childField=&gte=`: one
 * data-table visualization's search, without and then with a Query DSL filter pill holding a
 * `join` (as a user adds it in the dashboard's filter bar), drawn side by side.
 */
export async function mountHostPanels(
  root: HTMLElement,
  params: URLSearchParams,
  state: HostSearchState
) {
  const get = (name: string) => params.get(name)!;
  const options = {
    index: get('index'),
    termsField: get('termsField'),
    timeField: get('timeField'),
    from: get('from'),
    to: get('to'),
  };
  const dsl = {
    join: {
      indices: [get('child')],
      on: get('on').split(','),
      request: { query: { range: { [get('childField')]: { gte: Number(get('gte')) } } } },
    },
  };
  const pill = queryDslPill(dsl, `${options.index}-pattern`);
  const label = params.get('label') ?? options.index;
  const body = frame(
    root,
    'Dashboard: a data table, without and with a join filter',
    'The e2e page’s stand-in for an OSD dashboard panel: it posts the body a data-table visualization builds (test/osd/fixtures/dashboard_panel_search.ts), then the same with the filter pill below, to /internal/search/opensearch.'
  );
  const filterBox = card('Filter pill (edited as Query DSL)');
  filterBox.body.appendChild(
    element(
      'pre',
      {
        fontSize: '12px',
        lineHeight: '1.5',
        background: '#f5f7fa',
        padding: '8px',
        whiteSpace: 'pre-wrap',
      },
      JSON.stringify(dsl, null, 2)
    )
  );
  const row = element('div', {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: '16px',
  });
  const draw = (title: string, answer: SearchAnswer, testSubj: string) => {
    const panel = card(title);
    panel.body.appendChild(
      bars(
        (answer.rawResponse.aggregations?.['2']?.buckets ?? []).map((b) => ({
          label: String(b.key),
          count: b.doc_count,
        })),
        testSubj
      )
    );
    row.appendChild(panel.card);
  };
  const without = await search(dataTablePanelRequest(options));
  draw(`${label} by ${options.termsField}: no filter`, without, 'hostPanelWithout');
  const withJoin = await search(
    dataTablePanelRequest({ ...options, filters: [pillInSearchBody(pill)] })
  );
  draw(`${label} by ${options.termsField}: with the join filter`, withJoin, 'hostPanelWith');
  body.append(filterBox.card, row);
  state.answers.push(without, withJoin);
}
