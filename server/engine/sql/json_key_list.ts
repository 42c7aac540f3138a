/**
 * A long key list bound as one JSON text parameter, which the database reads back as a table
 * (`JSON_TABLE`). Beside the text it carries an estimate, from above, of the memory the database
 * needs to hold the list as an in-memory temporary table, so the connector can ask for that much
 * for this one statement (mysql_connector.ts). A class instance, never JSON, so no request can
 * forge one; drivers bind its `text`.
 */
export class JsonKeyList {
  constructor(
    readonly text: string,
    readonly tableBytes: number
  ) {}
}
