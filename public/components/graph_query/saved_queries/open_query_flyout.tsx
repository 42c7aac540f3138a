import {
  EuiBadge,
  EuiBasicTable,
  EuiFieldSearch,
  EuiFlyout,
  EuiFlyoutBody,
  EuiFlyoutHeader,
  EuiLink,
  EuiSpacer,
  EuiTitle,
  type CriteriaWithPagination,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useEffect, useId, useState } from 'react';
import type { SavedQueryListHit } from '../../../../common/saved_query_types';
import { ErrorCallout } from '../../shared/error_callout';
import { strings } from './strings';
import { useSavedQuerySearch } from './use_saved_queries';

const PAGE_SIZES = [10, 20, 50];
/** How long typing must pause before the list is searched again. */
const SEARCH_DELAY_MS = 300;

/**
 * The saved queries, newest first, searched and paged by the server (`q`, `from`, `size`);
 * choosing a title opens that query.
 */
export function OpenQueryFlyout({
  openId,
  onOpen,
  onClose,
}: {
  openId: string | null;
  onOpen: (id: string) => void;
  onClose: () => void;
}) {
  const headingId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);

  useEffect(() => {
    const next = text.trim();
    // Only a changed search starts again at the first page.
    if (next === q) return;
    const timer = setTimeout(() => {
      setQ(next);
      setPageIndex(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q]);

  const search = useSavedQuerySearch({ q, from: pageIndex * pageSize, size: pageSize });
  const hits = search.data?.hits.hits ?? [];

  const columns: Array<EuiBasicTableColumn<SavedQueryListHit>> = [
    {
      field: '_source.title',
      name: strings.columnTitle,
      render: (title: string, hit: SavedQueryListHit) => (
        <span>
          <EuiLink
            onClick={() => onOpen(hit._id)}
            aria-label={strings.openQuery(title)}
            data-test-subj={`federationSavedQueriesOpen-${hit._id}`}
          >
            {title}
          </EuiLink>
          {hit._id === openId ? (
            <>
              {' '}
              <EuiBadge color="hollow">{strings.openBadge}</EuiBadge>
            </>
          ) : null}
        </span>
      ),
    },
    {
      field: '_source.description',
      name: strings.columnDescription,
      truncateText: true,
      render: (description?: string) => description ?? '',
    },
    {
      field: '_source.updated_at',
      name: strings.columnUpdated,
      width: '180px',
      render: (updated?: string) => (updated ? new Date(updated).toLocaleString() : ''),
    },
  ];

  const emptyMessage = search.isLoading
    ? strings.loadingList
    : q
      ? strings.noMatches(q)
      : strings.noQueries;

  return (
    <EuiFlyout
      onClose={onClose}
      ownFocus
      // OUI gives flyouts role="dialog"; with ownFocus they are modal, and should say so.
      aria-modal="true"
      size="m"
      aria-labelledby={headingId}
      data-test-subj="federationSavedQueriesFlyout"
    >
      <EuiFlyoutHeader hasBorder>
        <EuiTitle size="m">
          <h2 id={headingId}>{strings.flyoutTitle}</h2>
        </EuiTitle>
      </EuiFlyoutHeader>
      <EuiFlyoutBody>
        <EuiFieldSearch
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={strings.searchPlaceholder}
          aria-label={strings.searchLabel}
          isLoading={search.isFetching}
          fullWidth
          autoFocus
          data-test-subj="federationSavedQueriesSearch"
        />
        <EuiSpacer size="m" />
        {search.error ? (
          <>
            <ErrorCallout
              title={strings.listErrorTitle}
              error={search.error}
              dataTestSubj="federationSavedQueriesListError"
            />
            <EuiSpacer size="m" />
          </>
        ) : null}
        <EuiBasicTable<SavedQueryListHit>
          items={hits}
          itemId="_id"
          columns={columns}
          // Only the first load: OUI swallows clicks on a loading table, and a title shown while a
          // new search runs must still open (the search field shows that one is running).
          loading={search.isLoading}
          noItemsMessage={emptyMessage}
          tableCaption={strings.tableCaption}
          pagination={{
            pageIndex,
            pageSize,
            totalItemCount: search.data?.hits.total.value ?? 0,
            pageSizeOptions: PAGE_SIZES,
          }}
          onChange={({ page }: CriteriaWithPagination<SavedQueryListHit>) => {
            if (!page) return;
            setPageIndex(page.size === pageSize ? page.index : 0);
            setPageSize(page.size);
          }}
          data-test-subj="federationSavedQueriesTable"
        />
      </EuiFlyoutBody>
    </EuiFlyout>
  );
}
