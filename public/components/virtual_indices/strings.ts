/** Every user-visible string of the Virtual indices screen, through `translate` (public/i18n.ts). */
import { translate } from '../../i18n';

const t = (id: string, defaultMessage: string, values?: Record<string, string | number>) =>
  translate(`federation.virtualIndices.${id}`, { defaultMessage, values });

export const strings = {
  title: () => t('title', 'Virtual indices'),
  description: () =>
    t(
      'description',
      'Index names answered from a table or view of a datasource: search, aggregate and join them like OpenSearch indices.'
    ),
  createButton: () => t('createButton', 'Create virtual index'),

  // States of the list
  loading: () => t('loading', 'Loading virtual indices…'),
  loadError: () => t('loadError', 'The virtual indices could not be loaded'),
  retry: () => t('retry', 'Try again'),
  emptyTitle: () => t('emptyTitle', 'No virtual indices yet'),
  emptyBody: () =>
    t(
      'emptyBody',
      'A virtual index maps a table or view of a datasource to an index name. Its columns become fields: text as keyword, booleans, dates, integers as long and decimals as double.'
    ),
  noMatches: () => t('noMatches', 'No virtual index matches your search.'),

  // Table
  tableCaption: () => t('tableCaption', 'Virtual indices'),
  searchPlaceholder: () => t('searchPlaceholder', 'Search virtual indices'),
  columnId: () => t('columnId', 'Index name'),
  columnDatasource: () => t('columnDatasource', 'Datasource'),
  columnResource: () => t('columnResource', 'Table or view'),
  columnKey: () => t('columnKey', 'Key'),
  columnColumns: () => t('columnColumns', 'Mapped columns'),
  columnActions: () => t('columnActions', 'Actions'),
  noKey: () => t('noKey', 'none: aggregations only'),
  columnsButton: (count: number) =>
    count === 1
      ? t('columnsButtonOne', '{count} column', { count })
      : t('columnsButtonMany', '{count} columns', { count }),
  columnsButtonLabel: (id: string) =>
    t('columnsButtonLabel', 'Show the mapped columns of {id}', { id }),
  columnsPopoverTitle: (id: string) => t('columnsPopoverTitle', 'Fields of {id}', { id }),
  editAction: (id: string) => t('editAction', 'Edit virtual index {id}', { id }),
  deleteAction: (id: string) => t('deleteAction', 'Delete virtual index {id}', { id }),

  // Mapping tables
  fieldName: () => t('fieldName', 'Column'),
  remoteType: () => t('remoteType', 'Remote type'),
  fieldType: () => t('fieldType', 'Field type'),
  nullable: () => t('nullable', 'Nullable'),
  yes: () => t('yes', 'yes'),
  no: () => t('no', 'no'),
  keyBadge: () => t('keyBadge', 'key'),

  // Flyout
  createTitle: () => t('createTitle', 'Create virtual index'),
  editTitle: (id: string) => t('editTitle', 'Edit virtual index {id}', { id }),
  stepDatasource: () => t('stepDatasource', 'Choose a datasource'),
  stepResource: () => t('stepResource', 'Choose a table or view'),
  stepMapping: () => t('stepMapping', 'Review the mapping and choose a key'),
  stepName: () => t('stepName', 'Name the index'),
  afterDatasource: () => t('afterDatasource', 'Choose a datasource first.'),
  afterResource: () => t('afterResource', 'Choose a table or view first.'),
  datasourceLabel: () => t('datasourceLabel', 'Datasource'),
  datasourcePlaceholder: () => t('datasourcePlaceholder', 'Choose a datasource'),
  datasourcesLoadError: () => t('datasourcesLoadError', 'The datasources could not be loaded'),
  noDatasources: () => t('noDatasources', 'There is no datasource yet'),
  noDatasourcesBody: () =>
    t('noDatasourcesBody', 'A virtual index reads from a datasource. Create one first.'),
  goToDatasources: () => t('goToDatasources', 'Go to Datasources'),
  metadataLoading: () => t('metadataLoading', 'Reading the tables and views of the datasource…'),
  metadataError: () =>
    t('metadataError', 'The tables and views of this datasource could not be read'),
  catalogLabel: () => t('catalogLabel', 'Catalog'),
  schemaLabel: () => t('schemaLabel', 'Schema'),
  anyCatalog: () => t('anyCatalog', 'All catalogs'),
  anySchema: () => t('anySchema', 'All schemas'),
  filterHelp: () =>
    t('filterHelp', 'Narrow the list of tables and views; the index keeps the one you choose.'),
  resourceLabel: () => t('resourceLabel', 'Table or view'),
  resourcePlaceholder: () => t('resourcePlaceholder', 'Search tables and views'),
  resourceHelp: (count: number) =>
    t('resourceHelp', '{count} visible through this connection.', { count }),
  noResources: () =>
    t(
      'noResources',
      'No table or view in this catalog and schema is visible through this connection.'
    ),
  viewKind: () => t('viewKind', 'view'),
  tableKind: () => t('tableKind', 'table'),
  qualifiedAs: (name: string) => t('qualifiedAs', 'The index reads {name}.', { name }),
  columnsLoading: () => t('columnsLoading', 'Reading the columns…'),
  columnsError: () => t('columnsError', 'The columns could not be read'),
  mappingSummary: (mapped: number, skipped: number) =>
    t('mappingSummary', '{mapped} mapped, {skipped} skipped', { mapped, skipped }),
  mappedTitle: () => t('mappedTitle', 'Fields of the index'),
  skippedTitle: () => t('skippedTitle', 'Columns skipped'),
  skippedBody: () =>
    t(
      'skippedBody',
      'These columns have types the server does not recognise: they are left out of searches and results.'
    ),
  nothingMapped: () => t('nothingMapped', 'No column of this resource can be mapped'),
  nothingMappedBody: () =>
    t(
      'nothingMappedBody',
      'A virtual index needs at least one text, boolean, date, integer or decimal column. Choose another table or view.'
    ),
  keyLabel: () => t('keyLabel', 'Key'),
  keyNone: () => t('keyNone', 'No key (aggregations only)'),
  keyHelp: () =>
    t(
      'keyHelp',
      'A column whose values are unique: it becomes each document\u2019s _id. Without a key, aggregations work, but queries that need a reproducible unique document id (such as get, mget and ids queries) do not.'
    ),
  keyNullable: (column: string) =>
    t(
      'keyNullable',
      '{column} may hold nulls: rows without a value have no document id. Prefer a NOT NULL unique column.',
      { column }
    ),
  keyOption: (column: string, type: string) =>
    t('keyOption', '{column} ({type})', { column, type }),
  idLabel: () => t('idLabel', 'Index name'),
  idHelp: () =>
    t(
      'idHelp',
      'A lowercase OpenSearch index name. Starting every virtual index with the same prefix (such as vi-) makes granting permissions on them simpler.'
    ),
  idSystem: (prefix: string) =>
    t(
      'idSystem',
      'must not start with {prefix}, which is reserved for the plugin\u2019s own indices',
      {
        prefix,
      }
    ),
  idProblem: (problem: string) => t('idProblem', 'The index name {problem}.', { problem }),
  idTaken: (id: string) =>
    t('idTaken', 'A virtual index named {id} already exists: edit it from the list instead.', {
      id,
    }),
  concreteIndexNote: () =>
    t(
      'concreteIndexNote',
      'Saving also creates an empty OpenSearch index of the same name, so that security plugins can grant access to it. Saving fails if a non-empty index of that name exists.'
    ),
  saveButton: () => t('saveButton', 'Save'),
  cancelButton: () => t('cancelButton', 'Cancel'),
  saveError: () => t('saveError', 'The virtual index was not saved'),

  // Delete
  deleteTitle: (id: string) => t('deleteTitle', 'Delete virtual index {id}?', { id }),
  deleteBody: () =>
    t(
      'deleteBody',
      'The index name stops answering from the remote table. The remote table is not touched.'
    ),
  deleteConcreteNote: (id: string) =>
    t(
      'deleteConcreteNote',
      'The empty OpenSearch index {id} created with it stays, with any permissions granted on it. Delete it separately if you no longer need it.',
      { id }
    ),
  deleteFailed: () => t('deleteFailed', 'The virtual index was not deleted'),
  deleteConfirm: () => t('deleteConfirm', 'Delete'),
  deleteCancel: () => t('deleteCancel', 'Cancel'),

  // Toasts: what happened, seen wherever the user looks
  createdToast: (id: string) => t('createdToast', 'Virtual index {id} created', { id }),
  savedToast: (id: string) => t('savedToast', 'Virtual index {id} saved', { id }),
  deletedToast: (id: string) => t('deletedToast', 'Virtual index {id} deleted', { id }),
  deletedToastText: (id: string) =>
    t('deletedToastText', 'The OpenSearch index {id} stays until you delete it.', { id }),

  // Why a column is skipped
  skipNoType: () =>
    t(
      'skipNoType',
      'declared without a type (SQLite): its values may be of any type, so no field type fits'
    ),
  skipArray: () => t('skipArray', 'arrays are not supported'),
  skipJson: () => t('skipJson', 'JSON documents are a complex type'),
  skipXml: () => t('skipXml', 'XML documents are a complex type'),
  skipBinary: () => t('skipBinary', 'binary data has no field type'),
  skipRowVersion: () =>
    t('skipRowVersion', 'SQL Server\u2019s timestamp is a binary row version, not a date'),
  skipBits: () => t('skipBits', 'bit strings wider than one bit are not booleans'),
  skipTime: () => t('skipTime', 'a time of day or a duration is not a date and has no field type'),
  skipSpatial: () => t('skipSpatial', 'spatial and hierarchy types are not supported'),
  skipVariant: () => t('skipVariant', 'values of varying types have no single field type'),
  skipOther: () =>
    t(
      'skipOther',
      'not a text, boolean, date, integer or floating-point type, so the server does not recognise it'
    ),
};
