/**
 * The REST paths tests call, spelled out here rather than taken from common/constants.ts: a test
 * is the caller's side of the contract, so a path changed in the product must fail a test.
 */

/** Datasources: `PUT ${DATASOURCES}/<id>`, `POST ${DATASOURCES}/_search`, `…/<id>/_metadata`. */
export const DATASOURCES = '/_svc/connector/datasource';

/** Virtual indices: `PUT ${VIRTUAL_INDICES}/<name>`, `POST ${VIRTUAL_INDICES}/_search`. */
export const VIRTUAL_INDICES = '/_svc/connector/index';

/** Saved graph queries: `POST ${SAVED_QUERIES}`, `GET ${SAVED_QUERIES}/<id>`. */
export const SAVED_QUERIES = '/_svc/graph/query';
