import type { SavedQueryBody } from '../../common/saved_query_types';
import investmentsGraph from './investments_graph.json';

/**
 * The saved GQL queries the demo ships, over the demo graph model (investments_graph.json):
 * companies and news articles in OpenSearch, investments in a SQLite table behind a virtual
 * index. Each shows a new user something the graph tab does that a plain search cannot. Two are
 * written in both forms, side by side, each title naming its form: the picture query (whole
 * documents, which the Picture tab draws) and "Companies in upbeat news"; the MATCH … RETURN form
 * of ISO GQL and openCypher is what graph users type first, the SELECT form names its model.
 */
export const DEMO_SAVED_QUERIES: ReadonlyArray<{ id: string; body: SavedQueryBody }> = [
  {
    id: 'demo-top-funded-companies',
    body: {
      title: 'Top funded companies (SELECT form)',
      description:
        'Total invested in each company and how many investments made it up, largest first. ' +
        'Investments come from a SQLite table (the demo-investments virtual index) and are ' +
        'joined to the demo-companies index along the FUNDS relation.',
      query:
        'SELECT c.name, c.sector, SUM(i.amount), COUNT(*)\n' +
        'FROM "investments"\n' +
        'MATCH (i:Investment)-[:FUNDS]->(c:Company)\n' +
        'ORDER BY SUM(i.amount) DESC\n' +
        'LIMIT 10',
      model: investmentsGraph,
    },
  },
  {
    id: 'demo-investors-in-the-news',
    body: {
      title: 'Investors behind companies in bad news (SELECT form)',
      description:
        'News articles with a negative sentiment, the company each one mentions and who ' +
        'invested in that company: a path across two OpenSearch indices and a SQL table ' +
        '(Article -MENTIONS-> Company <-FUNDS- Investment). Most recent articles first.',
      query:
        'SELECT a.published, a.title, c.name, i.investor, i.amount\n' +
        'FROM "investments"\n' +
        'MATCH (a:Article)-[:MENTIONS]->(c:Company)<-[:FUNDS]-(i:Investment)\n' +
        'WHERE a.sentiment < 0\n' +
        'ORDER BY a.published DESC\n' +
        'LIMIT 25',
      model: investmentsGraph,
    },
  },
  {
    // The Picture tab draws whole variables only (`SELECT a`, not `SELECT a.title`): the one
    // demo query that selects them, so a new user sees the picture.
    id: 'demo-articles-and-companies',
    body: {
      title: 'News articles and the companies they mention (picture, SELECT form)',
      description:
        'Each news article linked to the company it mentions, along the MENTIONS relation. ' +
        'The query selects whole documents (a, c), so the Picture tab draws them: one node per ' +
        'article and company, coloured by label; click a node to see its document.',
      query:
        'SELECT a, c\n' +
        'FROM "investments"\n' +
        'MATCH (a:Article)-[:MENTIONS]->(c:Company)\n' +
        'LIMIT 50',
      model: investmentsGraph,
    },
  },
  {
    id: 'demo-articles-and-companies-match-form',
    body: {
      title: 'News articles and the companies they mention (picture, MATCH … RETURN form)',
      description:
        'The picture query in the form of ISO GQL and openCypher: MATCH the pattern, RETURN the ' +
        'whole documents a and c, which the Picture tab draws. Right-click a company there to ' +
        'expand its neighbours, such as the investments that fund it.',
      query: 'MATCH (a:Article)-[:MENTIONS]->(c:Company)\n' + 'RETURN a, c\n' + 'LIMIT 50',
      model: investmentsGraph,
    },
  },
  {
    id: 'demo-upbeat-news-select-form',
    body: {
      title: 'Companies in upbeat news (SELECT form)',
      description:
        'Companies mentioned by articles with a positive sentiment and how many such articles ' +
        'there are, in the SELECT form: FROM names the graph model, ORDER BY repeats the ' +
        'aggregate. The MATCH … RETURN form of the same query names its columns with AS.',
      query:
        'SELECT c.name, c.sector, COUNT(*)\n' +
        'FROM "investments"\n' +
        'MATCH (a:Article)-[:MENTIONS]->(c:Company)\n' +
        'WHERE a.sentiment > 0.5\n' +
        'ORDER BY COUNT(*) DESC\n' +
        'LIMIT 10',
      model: investmentsGraph,
    },
  },
  {
    id: 'demo-upbeat-news-match-form',
    body: {
      title: 'Companies in upbeat news (MATCH … RETURN form)',
      description:
        'The form of ISO GQL and openCypher: MATCH a pattern, RETURN what to show, with aliases ' +
        'naming the columns. Companies mentioned by articles with a positive sentiment and how ' +
        'many such articles there are; the SELECT form says the same with FROM "investments".',
      query:
        'MATCH (a:Article)-[:MENTIONS]->(c:Company)\n' +
        'WHERE a.sentiment > 0.5\n' +
        'RETURN c.name AS company, c.sector AS sector, count(*) AS articles\n' +
        'ORDER BY articles DESC\n' +
        'LIMIT 10',
      model: investmentsGraph,
    },
  },
];
