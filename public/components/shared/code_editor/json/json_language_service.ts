/**
 * Monaco's JSON language service (standalone host): validation and completion against the
 * schemas of all mounted editors. Its diagnostics options are page-wide, so they are rebuilt
 * from `JsonSchemaAssociations` whenever an editor's schema changes or an editor unmounts.
 */
import type { LanguageServiceDefaults } from 'monaco-editor/esm/vs/languages/features/json/register';
import { JsonSchemaAssociations, type EditorJsonSchema } from './json_schema_associations';

const associations = new JsonSchemaAssociations();
/** What was last applied: every change restarts the JSON worker, so an unchanged list is not reapplied. */
let applied = '';

export function setEditorJsonSchema(
  jsonDefaults: LanguageServiceDefaults,
  modelUri: string,
  jsonSchema: EditorJsonSchema | undefined
): void {
  associations.set(modelUri, jsonSchema);
  const schemas = associations.list();
  const key = JSON.stringify(schemas);
  if (key === applied) return;
  applied = key;
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    // Request bodies are strict JSON: the server rejects comments and trailing commas.
    allowComments: false,
    comments: 'error',
    trailingCommas: 'error',
    // Schemas come from the app only; nothing is fetched from the network.
    enableSchemaRequest: false,
    schemaValidation: 'warning',
    schemas,
  });
}
