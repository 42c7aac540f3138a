/** Text of the saved GQL query panel and its picker (OSD's i18n, as ../i18n.ts provides it). */
import { translate } from '../i18n';

const t = (id: string, defaultMessage: string, values?: Record<string, string | number>) =>
  translate(`federation.embeddable.${id}`, { defaultMessage, values });

export const strings = {
  displayName: () => t('displayName', 'Saved GQL query'),
  description: () =>
    t(
      'description',
      'The table or picture of a saved graph query, run when the dashboard refreshes.'
    ),
  pickerTitle: () => t('pickerTitle', 'Add a saved GQL query'),
  pickerSearch: () => t('pickerSearch', 'Search saved queries'),
  pickerEmpty: () => t('pickerEmpty', 'No saved GQL query yet: save one in the Federation app.'),
  pickerNoMatch: () => t('pickerNoMatch', 'No saved query matches.'),
  pickerView: () => t('pickerView', 'Show'),
  viewTable: () => t('viewTable', 'Table'),
  viewPicture: () => t('viewPicture', 'Picture'),
  pickerAdd: () => t('pickerAdd', 'Add panel'),
  pickerCancel: () => t('pickerCancel', 'Cancel'),
  pickerLoadFailed: () => t('pickerLoadFailed', 'The saved queries could not be listed'),
  loadFailed: () => t('loadFailed', 'The saved query could not be read'),
  runFailed: () => t('runFailed', 'The query failed'),
  badTimeRange: () => t('badTimeRange', "The dashboard's time range cannot be read"),
  summary: (rows: number) =>
    rows === 1 ? t('summaryOne', '1 row') : t('summary', '{rows} rows', { rows }),
  timeFiltered: (labels: string) => t('timeFiltered', 'Time range filters {labels}', { labels }),
  notTimeFiltered: () =>
    t('notTimeFiltered', 'Not filtered by time: the model names no time field'),
  queryNotApplied: () =>
    t(
      'queryNotApplied',
      "The dashboard's query and filters do not apply to this panel: they search index patterns, and a graph query names its own conditions."
    ),
  truncated: () => t('truncated', 'Rows were capped (setting maxGraphRows).'),
};
