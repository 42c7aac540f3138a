import { describe, expect, it } from 'vitest';
import { FederationError } from '../errors';
import { withDatasourceName } from './named_connector';

describe('withDatasourceName', () => {
  it('names the datasource in remote failures only', () => {
    const remote = withDatasourceName('orders', new FederationError(504, 't', 'too slow'));
    expect(remote).toMatchObject({
      status: 504,
      type: 't',
      reason: 'datasource [orders]: too slow',
      details: { datasource: 'orders' },
    });
    const mistake = new FederationError(400, 'illegal_argument_exception', 'bad');
    expect(withDatasourceName('orders', mistake)).toBe(mistake);
  });
});
