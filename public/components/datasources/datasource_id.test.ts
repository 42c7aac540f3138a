import { describe, expect, it } from 'vitest';
import { datasourceIdProblem } from '../../../server/engine/catalog/datasource_ids';
import { isValidDatasourceId } from './datasource_id';

describe('isValidDatasourceId', () => {
  it("agrees with the server's rule", () => {
    const samples = ['pg', 'Sales_DB.2', 'a-b', '', '-x', '_x', 'a b', 'a/b', 'é', 'x'.repeat(128)];
    samples.push('x'.repeat(129));
    for (const id of samples) {
      expect(isValidDatasourceId(id), id).toBe(datasourceIdProblem(id) === null);
    }
  });
});
