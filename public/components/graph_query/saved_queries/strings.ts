import { translate } from '../../../i18n';

const id = (key: string) => `federation.graphQuery.savedQueries.${key}`;

export const strings = {
  toolbarLabel: translate(id('toolbarLabel'), { defaultMessage: 'Saved query' }),
  unsavedQuery: translate(id('unsavedQuery'), { defaultMessage: 'Unsaved query' }),
  edited: translate(id('edited'), { defaultMessage: 'Unsaved changes' }),
  editedTooltip: translate(id('editedTooltip'), {
    defaultMessage: 'The query or the model differs from the saved version.',
  }),
  loadingQuery: translate(id('loadingQuery'), { defaultMessage: 'Opening the saved query…' }),

  open: translate(id('open'), { defaultMessage: 'Open' }),
  new: translate(id('new'), { defaultMessage: 'New' }),
  save: translate(id('save'), { defaultMessage: 'Save' }),
  saveAs: translate(id('saveAs'), { defaultMessage: 'Save as' }),
  rename: translate(id('rename'), { defaultMessage: 'Rename' }),
  delete: translate(id('delete'), { defaultMessage: 'Delete' }),

  loadErrorTitle: (queryId: string) =>
    translate(id('loadErrorTitle'), {
      defaultMessage: 'Could not open the saved query {queryId}',
      values: { queryId },
    }),
  loadNotFoundFallback: translate(id('loadNotFoundFallback'), {
    defaultMessage: 'The editor shows a new query instead.',
  }),
  saveErrorTitle: translate(id('saveErrorTitle'), { defaultMessage: 'Could not save the query' }),
  renameErrorTitle: translate(id('renameErrorTitle'), {
    defaultMessage: 'Could not rename the query',
  }),
  deleteErrorTitle: translate(id('deleteErrorTitle'), {
    defaultMessage: 'Could not delete the query',
  }),

  modelRefusedTitle: translate(id('modelRefusedTitle'), {
    defaultMessage: 'The query was not saved',
  }),
  modelEmpty: translate(id('modelEmpty'), {
    defaultMessage: 'The model is empty. Write the graph model (a JSON object) before saving.',
  }),
  modelSyntax: (detail: string) =>
    translate(id('modelSyntax'), {
      defaultMessage: 'The model is not valid JSON ({detail}). Fix it before saving.',
      values: { detail },
    }),
  modelNotObject: translate(id('modelNotObject'), {
    defaultMessage: 'The model must be a JSON object. Fix it before saving.',
  }),

  saved: (title: string) =>
    translate(id('saved'), { defaultMessage: 'Saved "{title}".', values: { title } }),
  renamed: (title: string) =>
    translate(id('renamed'), { defaultMessage: 'Renamed to "{title}".', values: { title } }),
  deleted: (title: string) =>
    translate(id('deleted'), { defaultMessage: 'Deleted "{title}".', values: { title } }),
  deletedKeepsText: translate(id('deletedKeepsText'), {
    defaultMessage: 'The editor keeps its text as an unsaved query.',
  }),

  saveModalTitle: translate(id('saveModalTitle'), { defaultMessage: 'Save query' }),
  saveAsModalTitle: translate(id('saveAsModalTitle'), { defaultMessage: 'Save as a new query' }),
  renameModalTitle: translate(id('renameModalTitle'), { defaultMessage: 'Rename query' }),
  titleLabel: translate(id('titleLabel'), { defaultMessage: 'Title' }),
  titleRequired: translate(id('titleRequired'), { defaultMessage: 'A title is required.' }),
  descriptionLabel: translate(id('descriptionLabel'), { defaultMessage: 'Description' }),
  descriptionHelp: translate(id('descriptionHelp'), {
    defaultMessage: 'Optional. Searching the saved queries looks at titles and descriptions.',
  }),
  renameHelp: translate(id('renameHelp'), {
    defaultMessage: 'Only the title and description change; the saved query and model stay.',
  }),
  copyTitle: (title: string) =>
    translate(id('copyTitle'), { defaultMessage: '{title} (copy)', values: { title } }),
  cancel: translate(id('cancel'), { defaultMessage: 'Cancel' }),
  confirmSave: translate(id('confirmSave'), { defaultMessage: 'Save' }),
  confirmRename: translate(id('confirmRename'), { defaultMessage: 'Rename' }),

  deleteModalTitle: (title: string) =>
    translate(id('deleteModalTitle'), {
      defaultMessage: 'Delete "{title}"?',
      values: { title },
    }),
  deleteModalBody: translate(id('deleteModalBody'), {
    defaultMessage:
      'The saved query is removed for everyone. The editor keeps its text, as an unsaved query.',
  }),
  confirmDelete: translate(id('confirmDelete'), { defaultMessage: 'Delete' }),

  flyoutTitle: translate(id('flyoutTitle'), { defaultMessage: 'Open a saved query' }),
  searchPlaceholder: translate(id('searchPlaceholder'), {
    defaultMessage: 'Search titles and descriptions',
  }),
  searchLabel: translate(id('searchLabel'), { defaultMessage: 'Search saved queries' }),
  tableCaption: translate(id('tableCaption'), { defaultMessage: 'Saved queries' }),
  columnTitle: translate(id('columnTitle'), { defaultMessage: 'Title' }),
  columnDescription: translate(id('columnDescription'), { defaultMessage: 'Description' }),
  columnUpdated: translate(id('columnUpdated'), { defaultMessage: 'Last saved' }),
  openQuery: (title: string) =>
    translate(id('openQuery'), { defaultMessage: 'Open {title}', values: { title } }),
  openBadge: translate(id('openBadge'), { defaultMessage: 'open' }),
  listErrorTitle: translate(id('listErrorTitle'), {
    defaultMessage: 'Could not list the saved queries',
  }),
  loadingList: translate(id('loadingList'), { defaultMessage: 'Loading saved queries…' }),
  noQueries: translate(id('noQueries'), {
    defaultMessage: 'No saved queries yet. Save the open query to see it here.',
  }),
  noMatches: (q: string) =>
    translate(id('noMatches'), {
      defaultMessage: 'No saved query matches "{q}".',
      values: { q },
    }),
};
