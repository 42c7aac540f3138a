import { translate } from '../../i18n';

/** Every user-visible string of the Graph query screen (ids `federation.graphQuery.*`). */
const t = (id: string, defaultMessage: string, values?: Record<string, string | number>) =>
  translate(`federation.graphQuery.${id}`, { defaultMessage, values });

export const strings = {
  queryEditorTitle: () => t('queryEditor.title', 'GQL query'),
  queryEditorAriaLabel: () =>
    t('queryEditor.ariaLabel', 'GQL query editor. Press Control or Command plus Enter to run.'),
  modelEditorTitle: () => t('modelEditor.title', 'Graph model'),
  layoutAriaLabel: () => t('layout.ariaLabel', 'Query and model editors'),

  run: () => t('run.button', 'Run'),
  runHint: () => t('run.hint', 'Run the query (Ctrl+Enter or ⌘+Enter)'),
  explain: () => t('explain.button', 'Explain'),
  explainHint: () =>
    t('explain.hint', 'Show the plan without running: the start node, why, and estimated rows'),
  cancel: () => t('cancel.button', 'Cancel'),
  detailed: () => t('detailed.label', 'Detailed'),
  detailedHint: () => t('detailed.hint', 'Ask for the steps of the query (?detailed=true)'),
  running: (seconds: number) => t('running', 'Running… {seconds} s', { seconds }),
  explaining: () => t('explaining', 'Planning…'),

  emptyQuery: () => t('problem.emptyQuery', 'Write a query to run.'),
  modelProblemTitle: () => t('problem.modelTitle', 'The model cannot be sent'),
  modelEmpty: () => t('problem.modelEmpty', 'The model is empty: write the graph model as JSON.'),
  modelNotObject: () =>
    t(
      'problem.modelNotObject',
      'The model must be a JSON object: {"label": ..., "entities": [...], "relations": [...]}.'
    ),
  modelSyntax: (detail: string) =>
    t('problem.modelSyntax', 'The model is not valid JSON: {detail}', { detail }),

  mappingsFailed: (entity: string) =>
    t(
      'mappings.failed',
      'Properties of {entity} cannot be completed: its mappings could not be read.',
      { entity }
    ),
  starterLoading: () => t('starter.loading', 'Preparing the editor'),

  idleTitle: () => t('idle.title', 'Run the query'),
  idleBody: () =>
    t(
      'idle.body',
      'Press Run or Ctrl+Enter (⌘+Enter) to see the rows as a table, the steps as a timing chart and the matched subgraphs as a picture. Explain shows the plan without running.'
    ),
  blankTitle: () => t('blank.title', 'Query a graph of your indices'),
  blankModel: () =>
    t(
      'blank.model',
      'The model (right) names entities — labelled sets of indices or virtual indices — and relations, joins between a field of one entity and a field of another.'
    ),
  blankQuery: () =>
    t(
      'blank.query',
      'The query (left) matches a pattern over them and says what to show, in either of two forms:'
    ),
  blankDemo: () =>
    t(
      'blank.demo',
      'This cluster has no demo graph. In the standalone host, npm start loads one (companies, articles and investments) and this screen opens with an example over it.'
    ),

  resultsTitle: () => t('results.title', 'Results'),
  summary: (rows: number, took: number) =>
    rows === 1
      ? t('results.summaryOne', '1 row in {took} ms', { took })
      : t('results.summary', '{rows} rows in {took} ms', { rows, took }),
  planSummary: (took: number) => t('results.planSummary', 'Planned in {took} ms', { took }),
  errorTitle: () => t('error.title', 'The query failed'),
  errorPosition: (line: number, column: number) =>
    t('error.position', 'At line {line}, column {column} of the query.', { line, column }),
  cancelledTitle: () => t('cancelled.title', 'Query cancelled'),
  cancelledBody: () => t('cancelled.body', 'The request was stopped. Run again to see results.'),
  truncatedTitle: () => t('truncated.title', 'Results truncated'),
  truncatedBody: (rows: number) =>
    t(
      'truncated.body',
      'The server returned only the first {rows} rows (setting maxGraphRows). Narrow the pattern or add LIMIT to see all the rows you want.',
      { rows }
    ),

  tabTable: () => t('tabs.table', 'Table'),
  tabSteps: () => t('tabs.steps', 'Steps'),
  tabPicture: () => t('tabs.picture', 'Picture'),
  tabsAriaLabel: () => t('tabs.ariaLabel', 'Result views'),

  tableCaption: () => t('table.caption', 'Result rows'),
  noRows: () => t('table.noRows', 'No subgraph matches the query.'),
  downloadCsv: () => t('table.csv', 'Download CSV'),
  csvFileName: () => t('table.csvFileName', 'graph-results.csv'),
  /** Starts with the badge's visible text, so speech input can name it (WCAG 2.5.3). */
  openDocument: (caption: string, key: string) =>
    t('table.openDocument', '{caption} ({key}): show the document', { caption, key }),
  nullValue: () => t('table.null', 'null'),

  documentFlyoutTitle: (key: string) => t('document.title', 'Document {key}', { key }),
  documentIndex: () => t('document.index', 'Index'),
  documentId: () => t('document.id', 'Id'),
  documentSource: () => t('document.source', 'Source'),
  close: () => t('document.close', 'Close'),

  stepsMissing: () =>
    t('steps.missing', 'Turn on Detailed and run again to see the steps of the query.'),
  stepsEmpty: () => t('steps.empty', 'The query ran no steps.'),
  stepsChartLabel: (count: number, span: number) =>
    t(
      'steps.chartLabel',
      'Timing chart of {count} steps over {span} ms; the table that follows has the same data.',
      { count, span }
    ),
  stepsColumnPattern: () => t('steps.pattern', 'Step'),
  stepsColumnTime: () => t('steps.time', 'Time (ms from the start)'),
  stepsColumnRows: () => t('steps.rows', 'Rows: estimated and actual (log scale)'),
  stepsColumnStart: () => t('steps.start', 'Starts at (ms)'),
  stepsColumnTook: () => t('steps.took', 'Took (ms)'),
  stepsColumnEstimated: () => t('steps.estimated', 'Estimated rows'),
  stepsColumnActual: () => t('steps.actual', 'Actual rows'),
  stepsUnknown: () => t('steps.unknown', 'unknown'),
  stepsBarTitle: (pattern: string, offset: number, took: number) =>
    t('steps.barTitle', '{pattern}: from {offset} ms, took {took} ms', { pattern, offset, took }),
  stepsEstimatedLegend: () => t('steps.estimatedLegend', 'estimated'),
  stepsActualLegend: () => t('steps.actualLegend', 'actual'),

  explainTitle: () => t('explain.title', 'Plan'),
  explainStart: (start: string) => t('explain.start', 'Starts from {start}', { start }),
  explainColumnId: () => t('explain.id', 'Step'),
  explainColumnKind: () => t('explain.kind', 'Kind'),
  explainColumnPattern: () => t('explain.pattern', 'Pattern'),
  explainColumnEstimated: () => t('explain.estimated', 'Estimated rows'),
  explainColumnInputs: () => t('explain.inputs', 'After steps'),

  pictureNoVariables: () =>
    t(
      'picture.noVariables',
      'Nothing to draw: select whole variables (for example SELECT a, c) to see the matched documents as a graph.'
    ),
  pictureEmpty: () => t('picture.empty', 'Nothing to draw: the query matched no subgraph.'),
  pictureTooMany: (nodes: number, limit: number) =>
    t(
      'picture.tooMany',
      'The result holds {nodes} documents, more than the {limit} a picture can show legibly. Narrow the query or add LIMIT to draw it.',
      { nodes, limit }
    ),
  pictureUnparsed: () =>
    t('picture.unparsed', 'The picture needs the query to parse; fix the query and run again.'),
  pictureAriaLabel: (nodes: number, edges: number) =>
    t(
      'picture.ariaLabel',
      'Matched subgraphs: {nodes} documents and {edges} links. The node list follows.',
      { nodes, edges }
    ),
  pictureLegend: () => t('picture.legend', 'Labels'),
  pictureNodeList: (nodes: number) =>
    t('picture.nodeList', 'Documents in the picture ({nodes})', { nodes }),
  pictureLoading: () => t('picture.loading', 'Loading the drawing'),
  pictureHint: () =>
    t(
      'picture.hint',
      'Click a document to see it, right-click it to expand its neighbours; scroll to zoom (captions too small to read appear as you zoom in), drag to move.'
    ),
  /** Where the picture offers no expansion (a dashboard panel). */
  pictureHintWithoutExpansion: () =>
    t(
      'picture.hintWithoutExpansion',
      'Click a document to see it; scroll to zoom (captions too small to read appear as you zoom in), drag to move.'
    ),
  exampleSelectForm: () => t('example.selectForm', 'SELECT form:'),
  exampleMatchForm: () => t('example.matchForm', 'MATCH … RETURN form (ISO GQL, openCypher):'),
  nodeMenuTitle: (caption: string, label: string) =>
    t('nodeMenu.title', '{caption} ({label})', { caption, label }),
  nodeMenuAriaLabel: (caption: string) =>
    t('nodeMenu.ariaLabel', 'Actions on {caption}', { caption }),
  nodeMenuButton: (caption: string) =>
    t('nodeMenu.button', 'Expand the neighbours of {caption}', { caption }),
  nodeMenuOpenDocument: () => t('nodeMenu.openDocument', 'Open the document'),
  nodeMenuExpand: (relation: string) =>
    t('nodeMenu.expand', 'Expand along {relation}', { relation }),
  nodeMenuNoRelation: (label: string) =>
    t('nodeMenu.noRelation', 'No relation of the model links {label}', { label }),
  nodeMenuBusy: () => t('nodeMenu.busy', 'A query is running: wait for it, or cancel it.'),
};
