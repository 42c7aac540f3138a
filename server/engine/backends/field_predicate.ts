/**
 * A condition on the fields of one document, in the form backends take filters (see
 * `Backend.applyFilter`). Semantics, the same wherever it is evaluated:
 * - a comparison holds when at least one of the field's values satisfies it (arrays as in
 *   OpenSearch); a missing field satisfies no comparison;
 * - `<>` holds when the field has a value and no value equals the operand;
 * - `not` is plain negation (a missing field satisfies `not (f = 1)`);
 * - strings compare by UTF-16 code units as written (keyword semantics), numbers numerically,
 *   dates (strings on a date field) as instants.
 */
export type ScalarValue = string | number | boolean;

export type FieldPredicate =
  | {
      kind: 'compare';
      field: string;
      operator: '=' | '<>' | '<' | '<=' | '>' | '>=';
      value: ScalarValue;
    }
  | { kind: 'in'; field: string; values: ScalarValue[] }
  | { kind: 'exists'; field: string }
  | { kind: 'prefix'; field: string; value: string }
  | { kind: 'and' | 'or'; operands: FieldPredicate[] }
  | { kind: 'not'; operand: FieldPredicate };
