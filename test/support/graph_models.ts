/**
 * The graph models tests bind and run queries against, written once:
 * - the "social" model of the engine's unit tests (people, forums, posts...), from which each
 *   test takes the entities and relations it needs, in the order its error messages list them;
 * - the model of the GQL scenario corpus (test/graph/fixture_data.ts loads its data), over the
 *   `gqlfx_*` OpenSearch indices and the PostgreSQL virtual index `gqlfx_city`.
 */

/** A graph model as a request carries it (graph_model.ts parses and checks it). */
export interface GraphModelJson {
  label: string;
  entities: Array<{ label: string; indices: string[]; id?: string }>;
  /** A relation end without `field` joins on its entity's id (`_id` unless the entity names one). */
  relations: Array<{
    label: string;
    from: { entity: string; field?: string };
    to: { entity: string; field?: string };
  }>;
}

type Entity = GraphModelJson['entities'][number];
type Relation = GraphModelJson['relations'][number];

export const SOCIAL_GRAPH_NAME = 'social';

/** The unit tests' entities. Student and Professor share `people` with Person (merged nodes). */
export const SOCIAL_ENTITIES = {
  Person: { label: 'Person', indices: ['people'] },
  Forum: { label: 'Forum', indices: ['forums'] },
  Post: { label: 'Post', indices: ['posts'] },
  Comment: { label: 'Comment', indices: ['comments'] },
  Topic: { label: 'Topic', indices: ['topics'] },
  Student: { label: 'Student', indices: ['people', 'students'] },
  Professor: { label: 'Professor', indices: ['staff', 'people'] },
} satisfies Record<string, Entity>;

/** The unit tests' relations. Person/Post have one each way (LIKES, hasCreator): bare arrows. */
export const SOCIAL_RELATIONS = {
  hasMember: {
    label: 'hasMember',
    from: { entity: 'Forum', field: 'members' },
    to: { entity: 'Person' },
  },
  KNOWS: { label: 'KNOWS', from: { entity: 'Person', field: 'knows' }, to: { entity: 'Person' } },
  containerOf: {
    label: 'containerOf',
    from: { entity: 'Forum' },
    to: { entity: 'Post', field: 'forum' },
  },
  hasCreator: {
    label: 'hasCreator',
    from: { entity: 'Post', field: 'creator' },
    to: { entity: 'Person' },
  },
  LIKES: { label: 'LIKES', from: { entity: 'Person', field: 'likes' }, to: { entity: 'Post' } },
  replyOf: {
    label: 'replyOf',
    from: { entity: 'Comment', field: 'reply_of' },
    to: { entity: 'Post' },
  },
  about: {
    label: 'about',
    from: { entity: 'Post', field: 'tags' },
    to: { entity: 'Topic', field: 'aliases' },
  },
} satisfies Record<string, Relation>;

/**
 * The social model with these entities and relations, in this order; a relation may be given
 * whole where a test needs a variant (a nested field, say).
 */
export function socialModel(
  entities: ReadonlyArray<keyof typeof SOCIAL_ENTITIES>,
  relations: ReadonlyArray<keyof typeof SOCIAL_RELATIONS | Relation>
): GraphModelJson {
  return {
    label: SOCIAL_GRAPH_NAME,
    entities: entities.map((label) => structuredClone(SOCIAL_ENTITIES[label])),
    relations: relations.map((r) =>
      structuredClone(typeof r === 'string' ? SOCIAL_RELATIONS[r] : r)
    ),
  };
}

/** The scenario corpus's indices; the `gqlfx_` prefix keeps them apart from other tests'. */
export const CORPUS_INDICES = {
  student: 'gqlfx_student',
  professor: 'gqlfx_professor',
  forum: 'gqlfx_forum',
  post: 'gqlfx_post',
  company: 'gqlfx_company',
  /** The virtual index over the PostgreSQL table. */
  city: 'gqlfx_city',
  /**
   * An OpenSearch copy of the virtual index's documents: the oracle's reference for query strings
   * on City (OpenSearch's query_string is the reference semantics, docs/development/testing.md).
   */
  cityMirror: 'gqlfx_city_mirror',
} as const;

/** The scenario corpus's model (test/graph/fixture_data.ts describes the data's shape). */
export const CORPUS_MODEL: GraphModelJson = {
  label: SOCIAL_GRAPH_NAME,
  entities: [
    { label: 'Person', indices: [CORPUS_INDICES.student, CORPUS_INDICES.professor], id: 'id' },
    { label: 'Student', indices: [CORPUS_INDICES.student], id: 'id' },
    { label: 'Professor', indices: [CORPUS_INDICES.professor], id: 'id' },
    // No `id`: City and Forum identify documents by `_id` (the key as text on the virtual index).
    { label: 'City', indices: [CORPUS_INDICES.city] },
    { label: 'Forum', indices: [CORPUS_INDICES.forum] },
    { label: 'Post', indices: [CORPUS_INDICES.post], id: 'id' },
    { label: 'Company', indices: [CORPUS_INDICES.company], id: 'code' },
  ],
  relations: [
    {
      label: 'knows',
      from: { entity: 'Person', field: 'friend_ids' },
      to: { entity: 'Person', field: 'id' },
    },
    {
      label: 'livesIn',
      from: { entity: 'Person', field: 'city_id' },
      to: { entity: 'City', field: 'id' },
    },
    {
      label: 'worksAt',
      from: { entity: 'Person', field: 'company_code' },
      to: { entity: 'Company', field: 'code' },
    },
    {
      label: 'basedIn',
      from: { entity: 'Company', field: 'hq_city_id' },
      to: { entity: 'City', field: 'id' },
    },
    {
      label: 'hasMember',
      from: { entity: 'Forum', field: 'member_ids' },
      to: { entity: 'Person', field: 'id' },
    },
    {
      label: 'inForum',
      from: { entity: 'Post', field: 'forum_id' },
      to: { entity: 'Forum', field: 'id' },
    },
    {
      label: 'hasCreator',
      from: { entity: 'Post', field: 'creator_id' },
      to: { entity: 'Person', field: 'id' },
    },
    {
      label: 'likedBy',
      from: { entity: 'Post', field: 'liker_ids' },
      to: { entity: 'Person', field: 'id' },
    },
    {
      label: 'advisedBy',
      from: { entity: 'Student', field: 'advisor_id' },
      to: { entity: 'Professor', field: 'id' },
    },
  ],
};
