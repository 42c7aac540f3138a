import { translate } from '../../i18n';

/** Every user-visible string of the join explorer, through the app's one translation door. */
const t = (id: string, defaultMessage: string, values?: Record<string, string | number>) =>
  translate(`federation.joinExplorer.${id}`, { defaultMessage, values });

export const strings = {
  title: () => t('title', 'Join explorer'),
  description: () =>
    t(
      'description',
      'Join a parent index set with a child index (OpenSearch or virtual), run it, and page through the parent documents that match with a point in time, so every page sees the same result.'
    ),

  // Index pickers
  parentIndexLabel: () => t('parentIndex.label', 'Parent indices'),
  parentIndexHelp: () =>
    t(
      'parentIndex.help',
      'An index, alias or pattern (e.g. orders-*). The point in time is opened on it; virtual indices can only be children.'
    ),
  parentIndexPlaceholder: () => t('parentIndex.placeholder', 'Choose or type an index pattern'),
  childIndexLabel: () => t('childIndex.label', 'Child index'),
  childIndexHelp: () =>
    t('childIndex.help', 'An OpenSearch index or pattern, or a virtual index over a SQL table.'),
  childIndexPlaceholder: () => t('childIndex.placeholder', 'Choose an index or a virtual index'),
  groupIndices: () => t('group.indices', 'Indices'),
  groupAliases: () => t('group.aliases', 'Aliases'),
  groupDataStreams: () => t('group.dataStreams', 'Data streams'),
  groupVirtualIndices: () => t('group.virtualIndices', 'Virtual indices'),
  indexListError: () => t('indexList.error', 'Could not list the indices'),
  virtualListError: () => t('virtualList.error', 'Could not list the virtual indices'),
  virtualBadge: () => t('virtualBadge', 'virtual'),
  virtualChildTitle: (name: string) => t('virtualChild.title', 'Virtual index {name}', { name }),
  virtualChildSource: (datasource: string, resource: string) =>
    t('virtualChild.source', 'Rows of {resource} on datasource {datasource}.', {
      datasource,
      resource,
    }),
  virtualChildKey: (key: string) => t('virtualChild.key', 'Key column: {key}.', { key }),
  virtualChildRules: () =>
    t(
      'virtualChild.rules',
      'Joins with virtual indices take integer keys (long fields, SQL integer columns) or keyword keys (keyword fields, SQL string or UUID columns), and may project child fields. Its query runs as SQL: match_all, term, terms, range, exists, prefix, wildcard, ids and bool work; full-text queries behave as on keyword fields.'
    ),

  // Join fields
  joinFieldsTitle: () => t('joinFields.title', 'Join on'),
  parentFieldLabel: () => t('parentField.label', 'Parent field'),
  childFieldLabel: () => t('childField.label', 'Child field'),
  parentFieldHelp: () =>
    t('parentField.help', 'A parent document matches when this value equals the child field’s.'),
  fieldPlaceholder: () => t('field.placeholder', 'Choose a field'),
  parentFieldNeedsIndex: () =>
    t('parentField.needsIndex', 'Choose the parent indices above first.'),
  childFieldNeedsIndex: () => t('childField.needsIndex', 'Choose the child index above first.'),
  mappingError: (index: string) =>
    t('mapping.error', 'Could not read the mapping of {index}', { index }),
  suggestionsLabel: () => t('suggestions.label', 'Suggested from names, types and values:'),
  suggestionTitle: (parent: string, child: string) =>
    t('suggestion.title', 'Join parent field {parent} on child field {child}', { parent, child }),
  suggestionEvidence: (met: number, sampled: number) =>
    t('suggestion.evidence', '({met} of {sampled} sampled values meet)', { met, sampled }),
  suggestionsSampling: () => t('suggestions.sampling', 'Checking which values meet'),
  noSuggestions: () => t('suggestions.none', 'No pair of fields looks like a join key.'),

  // Queries
  childQueryLabel: () => t('childQuery.label', 'Child query'),
  childQueryHelp: () =>
    t(
      'childQuery.help',
      'Which child documents take part (query DSL; Ctrl+Space completes clauses, Ctrl+Enter runs).'
    ),
  childQueryAria: () => t('childQuery.aria', 'Child query, JSON query DSL'),
  parentQueryToggle: () => t('parentQuery.toggle', 'Filter the parent documents too'),
  parentQueryLabel: () => t('parentQuery.label', 'Parent query'),
  parentQueryAria: () => t('parentQuery.aria', 'Parent query, JSON query DSL'),
  childQueryUnknownFields: (index: string, fields: string) =>
    t(
      'childQuery.unknownFields',
      'The child index {index} has no field {fields}. A clause on a field the child lacks matches no child document, so the join may match nothing.',
      { index, fields }
    ),
  parentQueryUnknownFields: (index: string, fields: string) =>
    t(
      'parentQuery.unknownFields',
      'The parent indices {index} have no field {fields}. A clause on a field they lack matches no parent document.',
      { index, fields }
    ),

  // Result options
  resultOptionsTitle: () => t('resultOptions.title', 'Columns and order'),
  projectedFieldsLabel: () => t('projectedFields.label', 'Projected child fields'),
  projectedFieldsHelp: () =>
    t(
      'projectedFields.help',
      'Values of these child fields, from every joined child, are added to each parent hit as columns.'
    ),
  parentColumnsLabel: () => t('parentColumns.label', 'Parent fields shown'),
  parentColumnsHelp: () =>
    t(
      'parentColumns.help',
      'None chosen: the top-level fields of the documents on the page; every row opens to its JSON.'
    ),
  sortFieldLabel: () => t('sortField.label', 'Sort by'),
  sortIndexOrder: () => t('sort.indexOrder', 'Index order (_shard_doc)'),
  sortScore: () => t('sort.score', 'Relevance (_score)'),
  sortOrderLabel: () => t('sortOrder.label', 'Order'),
  sortAscending: () => t('sortOrder.asc', 'Ascending'),
  sortDescending: () => t('sortOrder.desc', 'Descending'),
  pageSizeLabel: () => t('pageSize.label', 'Page size'),

  // Run
  runButton: () => t('run.button', 'Run'),
  runningButton: () => t('run.running', 'Running'),
  formIncomplete: () => t('form.incomplete', 'To run the join:'),

  // Request view
  requestTitle: () => t('request.title', 'Request'),
  requestJsonTab: () => t('request.jsonTab', 'JSON'),
  requestCurlTab: () => t('request.curlTab', 'curl'),
  requestJsonCaption: (index: string) =>
    t(
      'request.jsonCaption',
      'POST /svc/_search, after opening a point in time on {index}. Later pages add search_after.',
      { index }
    ),
  copyJson: () => t('request.copyJson', 'Copy JSON'),
  copyCurl: () => t('request.copyCurl', 'Copy curl'),
  copied: () => t('request.copied', 'Copied'),
  copyFailed: () =>
    t('request.copyFailed', 'The browser refused to copy: select the text and copy it'),
  curlNote: () =>
    t(
      'request.curlNote',
      'Add your credentials (e.g. -u user) if the cluster asks for them; inside OpenSearch Dashboards, keep its base path in the URLs.'
    ),

  // Results
  emptyTitle: () => t('empty.title', 'Run a join to see its parent documents'),
  emptyBody: () =>
    t(
      'empty.body',
      'Choose the parent indices, a child index and the fields they share, then run. Pages come from a point in time, so paging forward and back sees one consistent result.'
    ),
  loading: () => t('loading', 'Opening a point in time and fetching the first page'),
  runError: () => t('error.run', 'The join failed'),
  staleTitle: () => t('stale.title', 'The request changed'),
  staleBody: () =>
    t(
      'stale.body',
      'These results belong to the previous request; its point in time was closed. Run again to page the new one.'
    ),
  total: (count: string, relation: 'eq' | 'gte') =>
    relation === 'eq'
      ? t('total.eq', '{count} parent documents match the join', { count })
      : t('total.gte', 'At least {count} parent documents match the join', { count }),
  pageStatus: (page: number, from: number, to: number) =>
    t('page.status', 'Page {page} · hits {from}–{to}', { page, from, to }),
  pageStatusEmpty: (page: number) => t('page.statusEmpty', 'Page {page} · no hits', { page }),
  previousPage: () => t('page.previous', 'Previous page'),
  nextPage: () => t('page.next', 'Next page'),
  tableCaption: () => t('table.caption', 'Parent documents matching the join'),
  noHits: () => t('table.noHits', 'No parent document matches the join.'),
  showRowJson: (id: string) => t('table.showJson', 'Show the JSON of {id}', { id }),
  hideRowJson: (id: string) => t('table.hideJson', 'Hide the JSON of {id}', { id }),
  rowJsonColumn: () => t('table.jsonColumn', 'JSON'),
  moreFields: (count: number) =>
    count === 1
      ? t(
          'table.moreField',
          'One more field is in each row’s JSON; choose it in “Parent fields shown” to make it a column.'
        )
      : t(
          'table.moreFields',
          '{count} more fields are in each row’s JSON; choose them in “Parent fields shown” to make them columns.',
          { count }
        ),
  pitOpen: (keepAlive: string) =>
    t('pit.open', 'Point in time open (kept alive {keepAlive} after each page)', { keepAlive }),
};

/** Why the form cannot be run yet (build_join_request.ts). */
export const problemMessages = {
  noParentIndex: () => t('problem.noParentIndex', 'Choose the parent indices.'),
  noChildIndex: () => t('problem.noChildIndex', 'Choose the child index.'),
  noParentField: () => t('problem.noParentField', 'Choose the parent field to join on.'),
  noChildField: () => t('problem.noChildField', 'Choose the child field to join on.'),
  invalidJson: (detail: string) =>
    t('problem.invalidJson', 'The query is not valid JSON: {detail}', { detail }),
  notAnObject: () =>
    t('problem.notAnObject', 'The query must be a JSON object, e.g. {"match_all": {}}.'),
  emptyQuery: () =>
    t('problem.emptyQuery', 'The query is empty; use {"match_all": {}} to take every document.'),
  pageSize: (max: number) =>
    t('problem.pageSize', 'The page size must be a whole number from 1 to {max}.', { max }),
};

/** What the join field checks say (join_field_checks.ts). */
export const fieldCheckMessages = {
  unknownField: (side: 'parent' | 'child', name: string) =>
    side === 'parent'
      ? t('check.unknownParent', 'The parent mapping has no field {name}.', { name })
      : t('check.unknownChild', 'The child mapping has no field {name}.', { name }),
  typeConflict: (side: 'parent' | 'child', name: string, types: string) =>
    t(
      'check.typeConflict',
      'The {side} indices map {name} differently ({types}); some of them may not join.',
      { side, name, types }
    ),
  textKey: (side: 'parent' | 'child', name: string, keyword: string | undefined) =>
    keyword
      ? t(
          'check.textKeyWithKeyword',
          '{name} ({side}) is a text field, which has no values to join on; use {keyword}.',
          { name, side, keyword }
        )
      : t(
          'check.textKey',
          '{name} ({side}) is a text field, which has no values to join on; choose a keyword or number field.',
          { name, side }
        ),
  virtualKeyType: (fields: string) =>
    t(
      'check.virtualKeyType',
      'Joins with a virtual index take integer or keyword keys, so the server will refuse {fields}.',
      { fields }
    ),
  typeMismatch: (parent: string, parentType: string, child: string, childType: string) =>
    t(
      'check.typeMismatch',
      'Type mismatch: parent {parent} is {parentType}, child {child} is {childType}. Values of different types rarely compare equal, so the join may match nothing.',
      { parent, parentType, child, childType }
    ),
};

/** The comments of the `curl` script (request_text.ts). */
export const curlComments = {
  open: (placeholder: string) =>
    t(
      'curl.open',
      '1. Open a point in time on the parent indices; its answer’s "id" replaces {placeholder} below.',
      { placeholder }
    ),
  page: () =>
    t(
      'curl.page',
      '2. One page. For the next, send it again with "search_after": the "sort" of the last hit, and "pit_id" of the answer as pit.id.'
    ),
  close: () => t('curl.close', '3. Close the point in time when done.'),
};
