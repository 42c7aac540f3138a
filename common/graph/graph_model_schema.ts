/**
 * The shape of a graph data model (docs/api/semantics.md), shared by the server, which checks every
 * `/svc/_graph` request against it (`server/engine/graph/graph_model.ts` adds the checks between
 * parts: unique labels, endpoints that exist), and the app, whose model editor validates and
 * completes the model's JSON with the JSON schema derived from it.
 *
 * The descriptions are what the JSON editor shows beside each field on completion and hover.
 */
// A namespace import lets the bundler drop what zod's `z` object would keep (its locales, ~350 kB).
import * as z from 'zod';

/**
 * Text with an unpaired surrogate cannot be sent as UTF-8 (index names and fields reach URLs):
 * refused here, where the error can name its place in the model.
 */
const text = () =>
  z
    .string()
    .min(1, 'must not be empty')
    .refine(
      (value) => !/\p{Surrogate}/u.test(value),
      'is not valid Unicode text (it holds an unpaired surrogate)'
    );

const endpoint = (side: 'from' | 'to') =>
  z
    .object({
      entity: text().describe(
        side === 'from'
          ? 'The label of the entity the relation starts at.'
          : 'The label of the entity the relation ends at.'
      ),
      field: text()
        .optional()
        .describe(
          "The field of that entity's documents compared for equality; the entity's `id` when absent."
        ),
    })
    .strict()
    .describe(
      side === 'from'
        ? 'Where the relation starts: an entity and one of its fields.'
        : 'Where the relation ends: an entity and one of its fields.'
    );

export const graphEntitySchema = z
  .object({
    label: text().describe(
      'The label GQL patterns use for these documents, as in `(c:Company)`. Unique in the model.'
    ),
    indices: z
      .array(text().describe('An index, alias, pattern or virtual index name.'))
      .min(1, 'must name at least one index')
      .describe(
        "The indices whose documents are this entity's nodes: names, aliases, patterns or virtual indices."
      ),
    id: text()
      .optional()
      .describe(
        'The field that identifies a document, and the default field of relations that end here; `_id` when absent.'
      ),
    time_field: text()
      .optional()
      .describe(
        "A date field of these documents that a request's `time_range` (a dashboard's time picker) filters on; not filtered by time when absent."
      ),
  })
  .strict()
  .describe('A labelled set of documents: the nodes of one kind.')
  // Monaco's JSON completion offers these as whole objects to insert (`$1`… are tab stops).
  .meta({
    defaultSnippets: [
      { label: 'New entity', body: { label: '$1', indices: ['$2'], id: '${3:_id}' } },
    ],
  });

export const graphRelationSchema = z
  .object({
    label: text().describe(
      'The label GQL patterns use for this relation, as in `-[:MENTIONS]->`. Must differ from entity labels.'
    ),
    from: endpoint('from'),
    to: endpoint('to'),
  })
  .strict()
  .describe(
    'A directed edge between two entities: it links a `from` document to a `to` document when their two fields are equal.'
  )
  .meta({
    defaultSnippets: [
      {
        label: 'New relation',
        body: { label: '$1', from: { entity: '$2', field: '$3' }, to: { entity: '$4' } },
      },
    ],
  });

export const graphModelSchema = z
  .object({
    label: text().describe('The graph\'s name, as GQL queries name it: `FROM "<label>"`.'),
    entities: z
      .array(graphEntitySchema)
      .min(1, 'must hold at least one entity')
      .describe('The kinds of nodes in the graph.'),
    relations: z
      .array(graphRelationSchema)
      .default([])
      .describe('The kinds of edges between the entities; none when absent.'),
  })
  .strict()
  .describe('A graph data model: labelled sets of indices and the relations between them.');

/** A model as written (what the JSON holds): `relations` and the optional fields may be absent. */
export type GraphModelInput = z.input<typeof graphModelSchema>;
export type GraphEntityInput = z.input<typeof graphEntitySchema>;
export type GraphRelationInput = z.input<typeof graphRelationSchema>;

/** The id under which editors register the model's JSON schema. */
export const GRAPH_MODEL_JSON_SCHEMA_URI = 'federation://schemas/graph-model.json';

/**
 * The model's JSON schema, for editors. Draft-07, which Monaco's JSON service reads fully; the
 * input shape, so that fields with a default (`relations`) are optional as they are to the user.
 * Rules JSON schema cannot say (unpaired surrogates, label references) are the server's to check.
 */
export const graphModelJsonSchema = z.toJSONSchema(graphModelSchema, {
  target: 'draft-07',
  io: 'input',
});
