/**
 * What a hit of a virtual index carries besides `_id` and `_source` when the fetch options ask
 * for it (fetch_options.ts): `_version`, docvalue `fields` and `highlight`, each as OpenSearch
 * writes them for an index holding the same rows (test/differential/osd_cases.ts).
 */
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import { badRequest } from '../../errors';
import { datePrinter, type DatePrinter } from '../../sql/aggregations/date_printer';
import type { DocValueField, FetchOptions } from './fetch_options';

/** One docvalue field to print: the column and how its values are written. */
interface DocValuePrinter {
  name: string;
  print: (value: unknown) => unknown;
}

export interface HitExtras {
  /** Columns the page must read for `fields`. */
  columns: VirtualIndexColumn[];
  /** Whether hits carry `_source` at all (stored_fields hides it unless asked for). */
  source: boolean;
  version: boolean;
  fields: (row: Record<string, unknown>) => Record<string, unknown[]> | undefined;
}

/**
 * Checks the docvalue formats against the column types (a 400 before any statement runs) and
 * returns what each hit adds. A field the index does not have is left out, as in OpenSearch.
 */
export function planHitExtras(
  options: FetchOptions,
  columns: ReadonlyMap<string, VirtualIndexColumn>,
  sourceRequested: boolean
): HitExtras {
  const printers: DocValuePrinter[] = [];
  const read = new Map<string, VirtualIndexColumn>();
  for (const entry of options.docvalueFields) {
    const column = columns.get(entry.field);
    if (column === undefined) continue;
    read.set(column.name, column);
    printers.push({ name: column.name, print: printerOf(entry, column) });
  }
  const stored = options.storedFields;
  return {
    columns: [...read.values()],
    source: stored === null || sourceRequested || stored.includes('_source'),
    version: options.version,
    fields: (row) => {
      // A Map, then own properties: a column may be called `__proto__`.
      const fields = new Map<string, unknown[]>();
      for (const { name, print } of printers) {
        const value = row[name];
        if (value === null || value === undefined) continue;
        const list = fields.get(name) ?? [];
        list.push(print(value));
        fields.set(name, list);
      }
      return fields.size === 0 ? undefined : Object.fromEntries(fields);
    },
  };
}

function printerOf(entry: DocValueField, column: VirtualIndexColumn): (value: unknown) => unknown {
  if (column.type === 'date') {
    // Dates print in UTC in the field's format unless the entry names one (`date_time` from OSD).
    const print: DatePrinter = datePrinter(entry.format);
    return (value) => print(Date.parse(String(value)));
  }
  if (entry.format !== undefined) {
    if (column.type === 'keyword' || column.type === 'boolean') {
      throw badRequest(
        `Field [${column.name}] of type [${column.type}] does not support custom formats`
      );
    }
    throw badRequest(
      `[docvalue_fields] format [${entry.format}] of field [${column.name}]: number formats (java.text.DecimalFormat patterns) are not supported on virtual indices; leave the format out`
    );
  }
  return (value) => value;
}
