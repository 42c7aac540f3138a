/**
 * The JSON schemas of all mounted editors, as one list for Monaco's JSON language service, whose
 * diagnostics options are page-wide: each schema applies to the models (`fileMatch`) of the
 * editors that gave it. Two editors giving the same schema URI with different schemas get distinct
 * URIs, so neither validates against the other's schema.
 */
export interface EditorJsonSchema {
  uri: string;
  schema: object;
}

export interface JsonSchemaAssociation {
  uri: string;
  fileMatch: string[];
  schema: object;
}

export class JsonSchemaAssociations {
  private readonly byModel = new Map<string, EditorJsonSchema>();

  /** Sets (or with `undefined` clears) the schema of the editor whose model is `modelUri`. */
  set(modelUri: string, jsonSchema: EditorJsonSchema | undefined): void {
    if (jsonSchema) this.byModel.set(modelUri, jsonSchema);
    else this.byModel.delete(modelUri);
  }

  list(): JsonSchemaAssociation[] {
    const byUri = new Map<string, JsonSchemaAssociation>();
    for (const [modelUri, { uri, schema }] of this.byModel) {
      const existing = byUri.get(uri);
      if (!existing || sameSchema(existing.schema, schema)) {
        if (existing) existing.fileMatch.push(modelUri);
        else byUri.set(uri, { uri, fileMatch: [modelUri], schema });
        continue;
      }
      const distinct = `${uri}${uri.includes('?') ? '&' : '?'}editor=${encodeURIComponent(modelUri)}`;
      byUri.set(distinct, { uri: distinct, fileMatch: [modelUri], schema });
    }
    return [...byUri.values()];
  }
}

function sameSchema(a: object, b: object): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
