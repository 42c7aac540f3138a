/** What the user has chosen on the join explorer's form; `build_join_request.ts` turns it into a request. */

export interface ChildIndex {
  /** An index name, a pattern, or a virtual index id. */
  name: string;
  /** True for a virtual index: integer or keyword join keys (docs/api/interface.md §8.2.6); its query runs as SQL. */
  virtual: boolean;
}

export type SortOrder = 'asc' | 'desc';

/** `''`: the index order (`_shard_doc`, the PIT tiebreaker); `_score`: relevance; else a parent field. */
export type SortField = string;

export const SORT_BY_INDEX_ORDER: SortField = '';
export const SORT_BY_SCORE: SortField = '_score';

export interface JoinForm {
  /** Parent index, alias or pattern: the PIT is opened on it (docs/api/interface.md §4.5, step 1). */
  parentIndex: string;
  child: ChildIndex | null;
  /** `query.join.on[0]`. */
  parentField: string;
  /** `query.join.on[1]`. */
  childField: string;
  /** `query.join.request.query`, as the user typed it (JSON text). */
  childQuery: string;
  /** When on, `parentQuery` filters the parents alongside the join. */
  parentQueryEnabled: boolean;
  parentQuery: string;
  /** `query.join.request.project`: child fields put in each parent hit's `fields`. */
  projectedFields: string[];
  /** Parent `_source` fields shown as columns (the request's `_source`); none: the whole source. */
  parentColumns: string[];
  sortField: SortField;
  sortOrder: SortOrder;
  pageSize: number;
}

export const MATCH_ALL_TEXT = JSON.stringify({ match_all: {} }, null, 2);

export const DEFAULT_PAGE_SIZE = 20;

export const INITIAL_JOIN_FORM: JoinForm = {
  parentIndex: '',
  child: null,
  parentField: '',
  childField: '',
  childQuery: MATCH_ALL_TEXT,
  parentQueryEnabled: false,
  parentQuery: MATCH_ALL_TEXT,
  projectedFields: [],
  parentColumns: [],
  sortField: SORT_BY_INDEX_ORDER,
  sortOrder: 'asc',
  pageSize: DEFAULT_PAGE_SIZE,
};

export type JoinFormAction =
  | { type: 'parentIndex'; value: string }
  | { type: 'child'; value: ChildIndex | null }
  | { type: 'joinFields'; parentField: string; childField: string }
  | {
      type: 'set';
      patch: Partial<Omit<JoinForm, 'parentIndex' | 'child' | 'parentField' | 'childField'>>;
    };

/**
 * Choosing another parent or child drops the choices that named the old one's fields: they would
 * silently carry a field the new index may not have into the request.
 */
export function joinFormReducer(form: JoinForm, action: JoinFormAction): JoinForm {
  switch (action.type) {
    case 'parentIndex':
      if (action.value === form.parentIndex) return form;
      return {
        ...form,
        parentIndex: action.value,
        parentField: '',
        parentColumns: [],
        sortField:
          form.sortField === SORT_BY_SCORE || form.sortField === SORT_BY_INDEX_ORDER
            ? form.sortField
            : SORT_BY_INDEX_ORDER,
      };
    case 'child': {
      const same =
        action.value?.name === form.child?.name && action.value?.virtual === form.child?.virtual;
      if (same) return form;
      return { ...form, child: action.value, childField: '', projectedFields: [] };
    }
    case 'joinFields':
      return { ...form, parentField: action.parentField, childField: action.childField };
    case 'set':
      return { ...form, ...action.patch };
  }
}
