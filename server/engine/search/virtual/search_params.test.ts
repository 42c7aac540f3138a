import { describe, expect, it } from 'vitest';
import { checkSearchParams } from './search_params';

describe('checkSearchParams', () => {
  it('accepts what it reads or what has no effect on virtual indices', () => {
    expect(() =>
      checkSearchParams({ q: 'x', preference: '_local', version: 'false' }, '/v/_search')
    ).not.toThrow();
  });

  it('refuses unknown parameters as OpenSearch words it', () => {
    expect(() => checkSearchParams({ min_score: '1' }, '/v/_search')).toThrow(
      'request [/v/_search] contains unrecognized parameter: [min_score]'
    );
  });

  it('refuses what it cannot honour by name', () => {
    expect(() => checkSearchParams({ scroll: '1m' }, '/v/_search')).toThrow(/\[scroll\]/);
    expect(() => checkSearchParams({ explain: 'true' }, '/v/_search')).toThrow(/\[explain=true\]/);
    expect(() => checkSearchParams({ explain: '' }, '/v/_search')).toThrow(/\[explain=\]/);
  });

  it('reads the fetch options OpenSearch Dashboards sends', () => {
    expect(() =>
      checkSearchParams({ version: 'true', stored_fields: '*', docvalue_fields: 't' }, '/v/_search')
    ).not.toThrow();
  });
});
