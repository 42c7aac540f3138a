import investmentsModel from '../../../scripts/demo/investments_graph.json';
import { modelToText } from './model_text';

/** What the editors hold: the GQL text and the model's JSON text. */
export interface GraphDraft {
  query: string;
  modelText: string;
}

/** The demo graph `npm start` loads (scripts/demo): companies, articles, investments. */
export const DEMO_MODEL = investmentsModel;

/** The starter query in the MATCH … RETURN form of ISO GQL and openCypher, which graph users type. */
export const DEMO_MATCH_QUERY = `MATCH (a:Article)-[:MENTIONS]->(c:Company)<-[:FUNDS]-(i:Investment)
WHERE a.sentiment > 0.5
RETURN a, c, i
LIMIT 200`;

/** The same in the SELECT form: FROM names the model, the rest is as in the MATCH form. */
export const DEMO_SELECT_QUERY = `SELECT a, c, i
FROM "investments"
MATCH (a:Article)-[:MENTIONS]->(c:Company)<-[:FUNDS]-(i:Investment)
WHERE a.sentiment > 0.5
LIMIT 200`;

/**
 * A first query for a new user over the demo graph: it crosses OpenSearch (articles, companies)
 * and SQLite (investments, a virtual index), and returns whole variables so every result view
 * (table, steps, picture) has something to show. Both forms side by side: the MATCH … RETURN one
 * runs, the SELECT one below it is a comment (scripts/demo/demo_data.integration.test.ts runs
 * both and finds the same rows).
 */
export const DEMO_QUERY = `-- Companies in upbeat news, with the articles and the investments that fund them
-- (articles and companies in OpenSearch, investments in SQLite). Ctrl+Enter runs.
-- In the Picture tab, right-click a document to expand its neighbours.

-- MATCH … RETURN form (ISO GQL, openCypher):
${DEMO_MATCH_QUERY}

-- The same in the SELECT form:
${commentedOut(DEMO_SELECT_QUERY)}
`;

function commentedOut(text: string): string {
  return text
    .split('\n')
    .map((line) => `-- ${line}`)
    .join('\n');
}

export const DEMO_DRAFT: GraphDraft = { query: DEMO_QUERY, modelText: modelToText(DEMO_MODEL) };

/** Without the demo: an empty model to fill in (the results area explains what goes where). */
export const BLANK_DRAFT: GraphDraft = {
  query: '',
  modelText: modelToText({ label: 'my-graph', entities: [], relations: [] }),
};

/** The examples the empty state shows, one in each form, with what each form is called. */
export const EXAMPLE_QUERIES: ReadonlyArray<{ form: 'select' | 'match'; query: string }> = [
  {
    form: 'select',
    query:
      'SELECT a, c FROM "my-graph" MATCH (a:Article WHERE "sentiment:>0.5")-[:MENTIONS]->(c:Company)',
  },
  {
    form: 'match',
    query: 'MATCH (a:Article)-[:MENTIONS]->(c:Company) WHERE a.sentiment > 0.5 RETURN a, c',
  },
];
