/** Mappings of the catalog's system indices. `dynamic: strict` keeps stray fields out. */
export const DATASOURCE_PROPERTIES = {
  jdbc: {
    properties: {
      driver: { type: 'keyword' },
      url: { type: 'keyword', index: false },
      username: { type: 'keyword' },
      timezone: { type: 'keyword' },
    },
  },
  password_secret: { type: 'keyword', index: false },
  updated_at: { type: 'date' },
};

export const VIRTUAL_INDEX_PROPERTIES = {
  datasource: { type: 'keyword' },
  resource: { type: 'keyword' },
  key: { type: 'keyword' },
  catalog: { type: 'keyword' },
  schema: { type: 'keyword' },
  columns: {
    type: 'object',
    enabled: false,
  },
  updated_at: { type: 'date' },
};
