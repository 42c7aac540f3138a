import {
  EuiBadge,
  EuiButtonEmpty,
  EuiCallOut,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLoadingSpinner,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { useMemo, useState } from 'react';
import { useToasts } from '../../../services/toasts_context';
import { ErrorCallout } from '../../shared/error_callout';
import { DeleteQueryModal } from './delete_query_modal';
import { draftDiffers, modelToSave, type Draft } from './draft';
import { OpenQueryFlyout } from './open_query_flyout';
import { SaveQueryModal, type SaveModalMode, type TitleAndDescription } from './save_query_modal';
import { strings } from './strings';
import { useOpenSavedQuery, type OpenedQuery } from './use_open_saved_query';
import { savedQueryBody, useDeleteQuery, useRenameQuery, useSaveQuery } from './use_saved_queries';

type Dialog = { kind: SaveModalMode; initial: TitleAndDescription } | { kind: 'delete' } | null;

/** Why an action was refused or failed (success is a toast: it is seen wherever one looks). */
type Notice =
  { kind: 'refused'; message: string } | { kind: 'failed'; title: string; error: unknown } | null;

/**
 * The open saved query's title and the actions on it: open (a searchable list), new, save, save
 * as, rename, delete. The URL names the open query (`/graph-query/<id>`); `onOpen` hands the
 * screen the query to show (`null`: a new query).
 */
export function SavedQueriesToolbar({
  draft,
  onOpen,
}: {
  draft: Draft;
  onOpen: (saved: OpenedQuery) => void;
}) {
  const opened = useOpenSavedQuery(onOpen);
  const { current } = opened;
  const save = useSaveQuery();
  const rename = useRenameQuery();
  const remove = useDeleteQuery();
  const [flyoutOpen, setFlyoutOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const toasts = useToasts();
  const edited = useMemo(
    () => current !== null && draftDiffers(draft, current.source),
    [current, draft]
  );

  const beginAction = () => {
    setNotice(null);
    opened.clearLoadError();
  };

  /** The model to save, or null after saying why the draft cannot be saved. */
  const checkedModel = () => {
    const checked = modelToSave(draft);
    if (checked.ok) return checked.model;
    setNotice({ kind: 'refused', message: checked.message });
    return null;
  };

  const openDialog = (next: Dialog) => {
    save.reset();
    rename.reset();
    remove.reset();
    setDialog(next);
  };

  const onSave = () => {
    beginAction();
    const model = checkedModel();
    if (!model) return;
    if (!current) {
      openDialog({ kind: 'save', initial: { title: '', description: '' } });
      return;
    }
    const body = savedQueryBody(current.source, draft.query, model);
    save.mutate(
      { id: current.id, body },
      {
        onSuccess: () => {
          opened.adopt(current.id, body);
          toasts.success({ title: strings.saved(body.title) });
        },
        onError: (error) => setNotice({ kind: 'failed', title: strings.saveErrorTitle, error }),
      }
    );
  };

  const onSaveAs = () => {
    beginAction();
    if (!checkedModel()) return;
    openDialog({
      kind: 'saveAs',
      initial: current
        ? {
            title: strings.copyTitle(current.source.title),
            description: current.source.description ?? '',
          }
        : { title: '', description: '' },
    });
  };

  /** Save (nothing open) and Save as: a new saved query, with a new id. */
  const saveNew = (meta: TitleAndDescription) => {
    const model = checkedModel();
    if (!model) {
      setDialog(null);
      return;
    }
    const id = crypto.randomUUID();
    const body = savedQueryBody(meta, draft.query, model);
    save.mutate(
      { id, body },
      {
        onSuccess: () => {
          setDialog(null);
          opened.adopt(id, body);
          toasts.success({ title: strings.saved(body.title) });
        },
      }
    );
  };

  const renameOpen = (meta: TitleAndDescription) => {
    if (!current) return;
    rename.mutate(
      { id: current.id, ...meta },
      {
        onSuccess: (body) => {
          setDialog(null);
          opened.adopt(current.id, body);
          toasts.success({ title: strings.renamed(body.title) });
        },
      }
    );
  };

  const deleteOpen = () => {
    if (!current) return;
    remove.mutate(current.id, {
      onSuccess: () => {
        setDialog(null);
        opened.detach();
        toasts.success({
          title: strings.deleted(current.source.title),
          text: strings.deletedKeepsText,
        });
      },
    });
  };

  const busy = opened.loadingId !== null || save.isPending || rename.isPending || remove.isPending;
  const needsOpen = current === null;

  return (
    <section aria-label={strings.toolbarLabel} data-test-subj="federationSavedQueriesToolbar">
      <EuiFlexGroup
        alignItems="center"
        justifyContent="spaceBetween"
        gutterSize="s"
        wrap
        responsive={false}
      >
        <EuiFlexItem grow={false}>
          <EuiFlexGroup alignItems="center" gutterSize="s" responsive={false}>
            <EuiFlexItem grow={false}>
              <EuiTitle size="s">
                <h2 data-test-subj="federationSavedQueriesTitle">
                  {current ? current.source.title : strings.unsavedQuery}
                </h2>
              </EuiTitle>
            </EuiFlexItem>
            {opened.loadingId !== null ? (
              <EuiFlexItem grow={false}>
                {/* A role, or axe refuses the label on a plain span. */}
                <EuiLoadingSpinner
                  size="m"
                  role="progressbar"
                  aria-label={strings.loadingQuery}
                  data-test-subj="federationSavedQueriesLoading"
                />
              </EuiFlexItem>
            ) : null}
            {edited ? (
              <EuiFlexItem grow={false}>
                {/* A title, not a tooltip: the badge is not focusable, so the words say it all. */}
                <EuiBadge
                  color="warning"
                  title={strings.editedTooltip}
                  data-test-subj="federationSavedQueriesEdited"
                >
                  {strings.edited}
                </EuiBadge>
              </EuiFlexItem>
            ) : null}
          </EuiFlexGroup>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiFlexGroup gutterSize="xs" wrap responsive={false}>
            <ToolbarButton
              icon="folderOpen"
              label={strings.open}
              subj="Open"
              onClick={() => {
                beginAction();
                setFlyoutOpen(true);
              }}
            />
            <ToolbarButton
              icon="document"
              label={strings.new}
              subj="New"
              onClick={() => {
                beginAction();
                opened.startNew();
              }}
            />
            <ToolbarButton
              icon="save"
              label={strings.save}
              subj="Save"
              disabled={busy}
              isLoading={save.isPending && dialog === null}
              onClick={onSave}
            />
            <ToolbarButton
              icon="copy"
              label={strings.saveAs}
              subj="SaveAs"
              disabled={busy}
              onClick={onSaveAs}
            />
            <ToolbarButton
              icon="pencil"
              label={strings.rename}
              subj="Rename"
              disabled={busy || needsOpen}
              onClick={() => {
                if (!current) return;
                beginAction();
                openDialog({
                  kind: 'rename',
                  initial: {
                    title: current.source.title,
                    description: current.source.description ?? '',
                  },
                });
              }}
            />
            <ToolbarButton
              icon="trash"
              label={strings.delete}
              subj="Delete"
              color="danger"
              disabled={busy || needsOpen}
              onClick={() => {
                beginAction();
                openDialog({ kind: 'delete' });
              }}
            />
          </EuiFlexGroup>
        </EuiFlexItem>
      </EuiFlexGroup>
      {current?.source.description ? (
        <EuiText size="s" color="subdued" data-test-subj="federationSavedQueriesDescription">
          <p>{current.source.description}</p>
        </EuiText>
      ) : null}

      {notice?.kind === 'refused' ? (
        <>
          <EuiSpacer size="s" />
          <EuiCallOut
            title={strings.modelRefusedTitle}
            color="danger"
            iconType="alert"
            role="alert"
            data-test-subj="federationSavedQueriesModelError"
          >
            <p>{notice.message}</p>
          </EuiCallOut>
        </>
      ) : null}
      {notice?.kind === 'failed' ? (
        <>
          <EuiSpacer size="s" />
          <ErrorCallout
            title={notice.title}
            error={notice.error}
            dataTestSubj="federationSavedQueriesActionError"
          />
        </>
      ) : null}
      {opened.loadError ? (
        <>
          <EuiSpacer size="s" />
          <ErrorCallout
            title={strings.loadErrorTitle(opened.loadError.id)}
            error={opened.loadError.error}
            dataTestSubj="federationSavedQueriesLoadError"
          />
          {opened.loadError.fellBack ? (
            <EuiText size="s" color="subdued">
              <p>{strings.loadNotFoundFallback}</p>
            </EuiText>
          ) : null}
        </>
      ) : null}

      {flyoutOpen ? (
        <OpenQueryFlyout
          openId={current?.id ?? null}
          onOpen={(id) => {
            setFlyoutOpen(false);
            opened.open(id);
          }}
          onClose={() => setFlyoutOpen(false)}
        />
      ) : null}
      {dialog && dialog.kind !== 'delete' ? (
        <SaveQueryModal
          mode={dialog.kind}
          initial={dialog.initial}
          isSaving={dialog.kind === 'rename' ? rename.isPending : save.isPending}
          error={dialog.kind === 'rename' ? rename.error : save.error}
          onSubmit={dialog.kind === 'rename' ? renameOpen : saveNew}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' && current ? (
        <DeleteQueryModal
          title={current.source.title}
          isDeleting={remove.isPending}
          error={remove.error}
          onConfirm={deleteOpen}
          onCancel={() => setDialog(null)}
        />
      ) : null}
    </section>
  );
}

function ToolbarButton({
  icon,
  label,
  subj,
  onClick,
  disabled,
  isLoading,
  color,
}: {
  icon: string;
  label: string;
  subj: string;
  onClick: () => void;
  disabled?: boolean;
  isLoading?: boolean;
  color?: 'primary' | 'danger';
}) {
  return (
    <EuiFlexItem grow={false}>
      <EuiButtonEmpty
        size="s"
        iconType={icon}
        color={color ?? 'primary'}
        onClick={onClick}
        isDisabled={disabled}
        isLoading={isLoading}
        data-test-subj={`federationSavedQueries${subj}Button`}
      >
        {label}
      </EuiButtonEmpty>
    </EuiFlexItem>
  );
}
