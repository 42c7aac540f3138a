export * from './constants';
export * from './index_names';
export * from './opensearch_error';
