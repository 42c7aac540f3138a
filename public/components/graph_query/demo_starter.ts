import investmentsModel from '../../../scripts/demo/investments_graph.json';
import { modelToText } from './model_text';

/** What the editors hold: the GQL text and the model's JSON text. */
export interface GraphDraft {
  query: string;
  modelText: string;
}

/** The demo graph `npm start` loads (scripts/demo): companies, articles, investments. */
export const DEMO_MODEL = investmentsModel;

/**
 * A first query for a new user over the demo graph: it crosses OpenSearch (articles, companies)
 * and SQLite (investments, a virtual index), and selects whole variables so every result view
 * (table, steps, picture) has something to show.
 */
export const DEMO_QUERY = `-- Companies in upbeat news, with the articles and the investments that fund them
-- (articles and companies in OpenSearch, investments in SQLite). Ctrl+Enter runs.
SELECT a, c, i
FROM "investments"
MATCH (a:Article WHERE "sentiment:>0.5")-[:MENTIONS]->(c:Company)<-[:FUNDS]-(i:Investment)
LIMIT 200
`;

export const DEMO_DRAFT: GraphDraft = { query: DEMO_QUERY, modelText: modelToText(DEMO_MODEL) };

/** Without the demo: an empty model to fill in (the results area explains what goes where). */
export const BLANK_DRAFT: GraphDraft = {
  query: '',
  modelText: modelToText({ label: 'my-graph', entities: [], relations: [] }),
};

/** The example the empty state shows. */
export const EXAMPLE_QUERY =
  'SELECT a, c FROM "my-graph" MATCH (a:Article WHERE "sentiment:>0.5")-[:MENTIONS]->(c:Company)';
