/**
 * The dialog `getExplicitInput` opens (saved_query_embeddable_factory.ts): the saved GQL queries,
 * newest first, searchable by title and description as the app's open flyout searches them, and
 * the view to show. Loaded when the user first adds such a panel.
 */
import {
  EuiButton,
  EuiButtonEmpty,
  EuiButtonGroup,
  EuiCallOut,
  EuiFieldSearch,
  EuiFormRow,
  EuiModal,
  EuiModalBody,
  EuiModalFooter,
  EuiModalHeader,
  EuiModalHeaderTitle,
  EuiLoadingSpinner,
  EuiPanel,
  EuiRadioGroup,
  EuiSpacer,
  EuiText,
} from '@elastic/eui';
import { useEffect, useId, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { SavedQueryListHit } from '../../common/saved_query_types';
import { errorDetails } from '../services/error_reason';
import { createFederationApi } from '../services/api';
import type { HttpClient } from '../types';
import type { PickSavedQuery, PickedQuery } from './saved_query_embeddable_factory';
import type { PanelView } from './saved_query_embeddable';
import { strings } from './strings';

/** How many queries the list shows; the search box finds the others. */
const LIST_SIZE = 50;

export const pickSavedQuery: PickSavedQuery = (http) =>
  new Promise((resolve) => {
    const element = document.createElement('div');
    document.body.appendChild(element);
    const root = createRoot(element);
    const close = (picked: PickedQuery | null) => {
      root.unmount();
      element.remove();
      resolve(picked);
    };
    root.render(<SavedQueryPicker http={http} onClose={close} />);
  });

export function SavedQueryPicker({
  http,
  onClose,
}: {
  http: HttpClient;
  onClose: (picked: PickedQuery | null) => void;
}) {
  const api = useMemo(() => createFederationApi(http), [http]);
  const [search, setSearch] = useState('');
  const [hits, setHits] = useState<SavedQueryListHit[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [chosen, setChosen] = useState<SavedQueryListHit | null>(null);
  const [view, setView] = useState<PanelView>('table');
  const titleId = useId();
  const listId = useId();

  useEffect(() => {
    const controller = new AbortController();
    api.savedQueries.search({ q: search, size: LIST_SIZE }, controller.signal).then(
      (response) => {
        setHits(response.hits.hits);
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failure);
      }
    );
    return () => controller.abort();
  }, [api, search]);

  return (
    <EuiModal
      onClose={() => onClose(null)}
      // OUI's EuiModal names no role: without these a screen reader hears no dialog.
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-test-subj="federationPickQuery"
    >
      <EuiModalHeader>
        <EuiModalHeaderTitle>
          <h1 id={titleId}>{strings.pickerTitle()}</h1>
        </EuiModalHeaderTitle>
      </EuiModalHeader>
      <EuiModalBody>
        <EuiFieldSearch
          fullWidth
          placeholder={strings.pickerSearch()}
          aria-label={strings.pickerSearch()}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-test-subj="federationPickQuerySearch"
        />
        <EuiSpacer size="s" />
        {error ? (
          <EuiCallOut color="danger" iconType="alert" title={strings.pickerLoadFailed()}>
            <p>{errorDetails(error).reason}</p>
          </EuiCallOut>
        ) : (
          <EuiPanel
            hasShadow={false}
            hasBorder
            paddingSize="s"
            style={{ maxHeight: 240, overflowY: 'auto' }}
          >
            {hits === null ? (
              <EuiLoadingSpinner size="m" />
            ) : hits.length === 0 ? (
              <EuiText size="s" color="subdued">
                <p>{search.trim() ? strings.pickerNoMatch() : strings.pickerEmpty()}</p>
              </EuiText>
            ) : (
              // Not virtualised (OUI's EuiSelectable is): the list is one page of at most 50.
              <EuiRadioGroup
                name={listId}
                options={hits.map((hit) => ({
                  id: `${listId}-${hit._id}`,
                  label: hit._source.title,
                  'data-test-subj': `federationPickQuery-${hit._id}`,
                }))}
                idSelected={chosen ? `${listId}-${chosen._id}` : undefined}
                onChange={(id) =>
                  setChosen(hits.find((hit) => `${listId}-${hit._id}` === id) ?? null)
                }
                legend={{ children: strings.pickerTitle(), display: 'hidden' }}
              />
            )}
          </EuiPanel>
        )}
        <EuiSpacer size="m" />
        <EuiFormRow label={strings.pickerView()}>
          <EuiButtonGroup
            legend={strings.pickerView()}
            idSelected={view}
            onChange={(id) => setView(id as PanelView)}
            options={[
              {
                id: 'table',
                label: strings.viewTable(),
                'data-test-subj': 'federationPickViewTable',
              },
              {
                id: 'picture',
                label: strings.viewPicture(),
                'data-test-subj': 'federationPickViewPicture',
              },
            ]}
          />
        </EuiFormRow>
      </EuiModalBody>
      <EuiModalFooter>
        <EuiButtonEmpty onClick={() => onClose(null)} data-test-subj="federationPickQueryCancel">
          {strings.pickerCancel()}
        </EuiButtonEmpty>
        <EuiButton
          fill
          isDisabled={chosen === null}
          onClick={() =>
            chosen && onClose({ savedQueryId: chosen._id, view, title: chosen._source.title })
          }
          data-test-subj="federationPickQueryAdd"
        >
          {strings.pickerAdd()}
        </EuiButton>
      </EuiModalFooter>
    </EuiModal>
  );
}
