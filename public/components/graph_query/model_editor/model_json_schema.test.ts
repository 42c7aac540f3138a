import { readFileSync } from 'fs';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { graphModelJsonSchema } from '../../../../common/graph/graph_model_schema';
import { jsonMarkers } from '../../shared/code_editor/json/json_markers';

const demoText = readFileSync(
  path.resolve(__dirname, '../../../../scripts/demo/investments_graph.json'),
  'utf8'
);

/** The model's JSON schema as the app's JSON editor checks it (its own checker, used in OSD). */
describe("the model's JSON schema in the editor's checker", () => {
  it('marks nothing in the demo model', () => {
    expect(jsonMarkers(demoText, graphModelJsonSchema)).toEqual([]);
  });

  it('marks a misspelt key and a missing index list where they are', () => {
    const text = '{\n  "label": "g",\n  "entities": [{ "label": "A", "indexes": ["a"] }]\n}';
    expect(
      jsonMarkers(text, graphModelJsonSchema).map(
        ({ message, severity, startLineNumber, startColumn }) => ({
          message,
          severity,
          at: `${startLineNumber}:${startColumn}`,
        })
      )
    ).toEqual([
      // The entity object opens at column 16.
      { message: 'missing property "indices"', severity: 'warning', at: '3:16' },
      { message: 'property "indexes" is not allowed here', severity: 'warning', at: '3:32' },
    ]);
  });
});
