import { execFileSync } from 'child_process';
import { describe, expect, it } from 'vitest';
import { buildJoinRequest, type JoinRequest } from './build_join_request';
import { INITIAL_JOIN_FORM } from './join_form';
import { joinRequestCurl, pageBodyJson, shellQuote } from './request_text';

function request(childQuery = '{"match_all": {}}'): JoinRequest {
  const result = buildJoinRequest({
    ...INITIAL_JOIN_FORM,
    parentIndex: 'companies,firms-*',
    child: { name: 'articles', virtual: false },
    parentField: 'id',
    childField: 'company_id',
    childQuery,
  });
  if (!result.ok) throw new Error('incomplete');
  return result.request;
}

describe('pageBodyJson', () => {
  it('shows the page body with the PIT id as a placeholder', () => {
    expect(JSON.parse(pageBodyJson(request(), [3, 9]))).toMatchObject({
      pit: { id: '<PIT_ID>', keep_alive: '5m' },
      search_after: [3, 9],
    });
  });
});

describe('joinRequestCurl', () => {
  it('opens, pages and closes against the origin with the xsrf header', () => {
    const text = joinRequestCurl(request(), 'https://dash.example:5601/');
    const commands = text.split('\n').filter((line) => line.startsWith('curl'));
    expect(commands[0]).toBe(
      "curl -X POST 'https://dash.example:5601/svc/companies,firms-*/_pit?keep_alive=5m' -H 'osd-xsrf: true'"
    );
    expect(commands[1]).toMatch(
      /^curl -X POST 'https:\/\/dash\.example:5601\/svc\/_search' -H 'osd-xsrf: true' -H 'Content-Type: application\/json' -d '\{/
    );
    expect(commands[2]).toBe(
      `curl -X DELETE 'https://dash.example:5601/svc/_pit' -H 'osd-xsrf: true' -H 'Content-Type: application/json' -d '{"id":"<PIT_ID>"}'`
    );
    expect(text).toContain('"track_total_hits": true');
  });

  it('quotes a body holding single quotes so a shell reads it back unchanged', () => {
    const body = pageBodyJson(request(`{"query_string": {"query": "name:'acme'"}}`));
    const quoted = shellQuote(body);
    // printf prints the word exactly as the shell parsed it.
    const echoed = execFileSync('sh', ['-c', `printf %s ${quoted}`]).toString();
    expect(echoed).toBe(body);
    expect(JSON.parse(echoed).query.join.request.query.query_string.query).toBe("name:'acme'");
  });
});
