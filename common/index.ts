export * from './catalog_types';
export * from './constants';
export * from './index_names';
export * from './opensearch_error';
export * from './saved_query_types';
