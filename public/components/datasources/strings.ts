/** Every user-visible string of the Datasources screen, through `translate` (see public/i18n.ts). */
import { translate } from '../../i18n';

const t = (id: string, defaultMessage: string, values?: Record<string, string | number>) =>
  translate(`federation.datasources.${id}`, { defaultMessage, values });

export const strings = {
  title: () => t('title', 'Datasources'),
  description: () =>
    t(
      'description',
      'The SQL databases that virtual indices read from. Passwords are stored encrypted and are never shown again.'
    ),
  createButton: () => t('createButton', 'Create datasource'),

  // States of the list
  loading: () => t('loading', 'Loading datasources…'),
  loadError: () => t('loadError', 'The datasources could not be loaded'),
  retry: () => t('retry', 'Try again'),
  emptyTitle: () => t('emptyTitle', 'No datasources yet'),
  emptyBody: () =>
    t(
      'emptyBody',
      'A datasource holds the JDBC settings of a PostgreSQL, MySQL, MariaDB, SQL Server or SQLite database. Create one, test its connection, then map its tables as virtual indices.'
    ),
  noMatches: () => t('noMatches', 'No datasource matches your search.'),

  // Table
  tableCaption: () => t('tableCaption', 'Datasources'),
  searchPlaceholder: () => t('searchPlaceholder', 'Search datasources'),
  columnId: () => t('columnId', 'Id'),
  columnDatabase: () => t('columnDatabase', 'Database'),
  columnUrl: () => t('columnUrl', 'URL'),
  columnUser: () => t('columnUser', 'User'),
  columnTimeZone: () => t('columnTimeZone', 'Time zone'),
  columnPassword: () => t('columnPassword', 'Password'),
  columnActions: () => t('columnActions', 'Actions'),
  unknownDatabase: () => t('unknownDatabase', 'Unknown'),
  noUser: () => t('noUser', 'none'),
  defaultTimeZone: (zone: string) => t('defaultTimeZone', '{zone} (default)', { zone }),
  passwordSet: () => t('passwordSet', 'Set'),
  passwordNotSet: () => t('passwordNotSet', 'Not set'),
  editAction: (id: string) => t('editAction', 'Edit datasource {id}', { id }),
  deleteAction: (id: string) => t('deleteAction', 'Delete datasource {id}', { id }),
  deleteInUse: (indices: string) =>
    t('deleteInUse', 'In use by virtual indices {indices}: delete them first.', { indices }),

  // Flyout
  createTitle: () => t('createTitle', 'Create datasource'),
  editTitle: (id: string) => t('editTitle', 'Edit datasource {id}', { id }),
  presetLegend: () => t('presetLegend', 'Database'),
  presetHelp: () =>
    t(
      'presetHelp',
      'Choosing a database fills in its JDBC driver and a URL to complete with your host, port and database.'
    ),
  idLabel: () => t('idLabel', 'Id'),
  idHelp: () =>
    t(
      'idHelp',
      'Virtual indices name the datasource by this id. Letters, digits, _, . and -, starting with a letter or digit; it cannot be changed later.'
    ),
  idInvalid: () =>
    t('idInvalid', 'Use 1 to 128 letters, digits, _, . or -, starting with a letter or digit.'),
  idTaken: (id: string) =>
    t('idTaken', 'A datasource named {id} already exists: edit it from the list instead.', { id }),
  driverLabel: () => t('driverLabel', 'JDBC driver'),
  driverPlaceholder: () => t('driverPlaceholder', 'Choose a driver'),
  urlLabel: () => t('urlLabel', 'JDBC URL'),
  urlHelp: (form: string) =>
    t(
      'urlHelp',
      'Form: {form}. A user name or password written in the URL is moved to the fields below when saved.',
      { form }
    ),
  urlHelpNoPreset: () =>
    t('urlHelpNoPreset', 'Choose a database above to see the form its URL takes.'),
  usernameLabel: () => t('usernameLabel', 'User name'),
  usernameHelp: () => t('usernameHelp', 'Optional. Leave empty when the URL or server needs none.'),
  passwordLabel: () => t('passwordLabel', 'Password'),
  passwordSetBadge: () => t('passwordSetBadge', 'Password set'),
  passwordKeepPlaceholder: () => t('passwordKeepPlaceholder', 'Unchanged'),
  passwordHelpNew: () =>
    t('passwordHelpNew', 'Optional. Stored encrypted; it is never shown again.'),
  passwordHelpStored: () =>
    t(
      'passwordHelpStored',
      'A password is stored. Leave this empty to keep it, or type a new one to replace it.'
    ),
  passwordHelpNone: () =>
    t('passwordHelpNone', 'No password is stored. Type one to store it (encrypted).'),
  passwordHelpRemoved: () =>
    t(
      'passwordHelpRemoved',
      'The stored password is removed when you save: the connection is then made without one.'
    ),
  passwordRemovedPlaceholder: () => t('passwordRemovedPlaceholder', 'No password'),
  removePassword: () => t('removePassword', 'Remove the stored password'),
  showPassword: () => t('showPassword', 'Show or hide the password'),
  noLogin: () => t('noLogin', 'SQLite databases have no user name or password.'),
  timeZoneLabel: () => t('timeZoneLabel', 'Time zone of stored dates'),
  timeZoneHelp: () =>
    t(
      'timeZoneHelp',
      'The zone in which the database stores dates and timestamps without a zone. Dates are converted to and from it in queries and results. UTC unless you choose another.'
    ),
  timeZoneNotFound: () => t('timeZoneNotFound', 'No time zone matches'),
  saveButton: () => t('saveButton', 'Save'),
  cancelButton: () => t('cancelButton', 'Cancel'),
  closeButton: () => t('closeButton', 'Close'),
  saveError: () => t('saveError', 'The datasource was not saved'),
  fieldsToFix: () => t('fieldsToFix', 'Fill in the id, the driver and the URL to save.'),

  // Connection test
  testButton: () => t('testButton', 'Test connection'),
  saveAndTestButton: () => t('saveAndTestButton', 'Save and test connection'),
  testExplanation: () =>
    t(
      'testExplanation',
      'The server tests the settings it has stored, so testing a new or changed datasource saves it first.'
    ),
  testSucceeded: () => t('testSucceeded', 'Connection succeeded'),
  testServer: (server: string, millis: number) =>
    t('testServer', 'The server answered as {server} in {millis} ms.', { server, millis }),
  testFailed: () => t('testFailed', 'Connection failed'),
  savedForTest: (id: string) =>
    t('savedForTest', 'Saved as {id}; the test below used these settings.', { id }),
  savedAnywayTitle: (id: string) =>
    t('savedAnywayTitle', 'Saved anyway: {id} now holds these settings', { id }),
  savedAnyway: (id: string) =>
    t(
      'savedAnyway',
      'The server tests only stored settings, so they were saved before the test. Virtual indices reading from {id} fail until it connects: correct the settings and test again.',
      { id }
    ),
  savedAnywayPassword: (id: string) =>
    t(
      'savedAnywayPassword',
      'The server tests only stored settings, so they were saved before the test, with the password you typed in place of any earlier one. Virtual indices reading from {id} fail until it connects: correct the settings and test again.',
      { id }
    ),
  changePassword: () => t('changePassword', 'Type another password'),
  removePasswordAndTest: () =>
    t('removePasswordAndTest', 'Remove the stored password and test again'),

  // Delete
  deleteTitle: (id: string) => t('deleteTitle', 'Delete datasource {id}?', { id }),
  deleteBody: () =>
    t(
      'deleteBody',
      'Its settings and stored password are removed. A datasource cannot be deleted while virtual indices read from it.'
    ),
  deleteUsedByTitle: () => t('deleteUsedByTitle', 'Virtual indices still use this datasource'),
  deleteUsedByBody: () =>
    t('deleteUsedByBody', 'Delete these virtual indices first, then delete the datasource:'),
  openVirtualIndices: () => t('openVirtualIndices', 'Open Virtual indices'),
  deleteFailed: () => t('deleteFailed', 'The datasource was not deleted'),
  deleteConfirm: () => t('deleteConfirm', 'Delete'),
  deleteCancel: () => t('deleteCancel', 'Cancel'),
  close: () => t('close', 'Close'),

  // Toasts: what happened, seen wherever the user looks
  createdToast: (id: string) => t('createdToast', 'Datasource {id} created', { id }),
  savedToast: (id: string) => t('savedToast', 'Datasource {id} saved', { id }),
  deletedToast: (id: string) => t('deletedToast', 'Datasource {id} deleted', { id }),
};
