export * from './constants';
export * from './opensearch_error';
