import {
  EuiButton,
  EuiButtonEmpty,
  EuiFieldText,
  EuiForm,
  EuiFormRow,
  EuiModal,
  EuiModalBody,
  EuiModalFooter,
  EuiModalHeader,
  EuiModalHeaderTitle,
  EuiSpacer,
  EuiText,
  EuiTextArea,
} from '@elastic/eui';
import { useId, useState } from 'react';
import { SAVED_QUERY_LIMITS } from '../../../../common/saved_query_types';
import { ErrorCallout } from '../../shared/error_callout';
import { strings } from './strings';

export type SaveModalMode = 'save' | 'saveAs' | 'rename';

export interface TitleAndDescription {
  title: string;
  /** Empty when there is none. */
  description: string;
}

const TITLES: Record<SaveModalMode, string> = {
  save: strings.saveModalTitle,
  saveAs: strings.saveAsModalTitle,
  rename: strings.renameModalTitle,
};

/**
 * Asks for a title and a description: to save a new query (Save with nothing open, Save as) or
 * to rename the open one. Enter submits; the server's refusal shows in the modal, which stays.
 */
export function SaveQueryModal({
  mode,
  initial,
  isSaving,
  error,
  onSubmit,
  onClose,
}: {
  mode: SaveModalMode;
  initial: TitleAndDescription;
  isSaving: boolean;
  error: unknown;
  onSubmit: (values: TitleAndDescription) => void;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const [touched, setTouched] = useState(false);
  const formId = useId();
  const headingId = useId();
  const titleMissing = title.trim() === '';

  return (
    <EuiModal
      onClose={onClose}
      role="dialog"
      aria-modal="true"
      aria-labelledby={headingId}
      initialFocus="[name=federationSavedQueryTitle]"
      data-test-subj="federationSavedQueriesSaveModal"
    >
      <EuiModalHeader>
        <EuiModalHeaderTitle>
          <h2 id={headingId}>{TITLES[mode]}</h2>
        </EuiModalHeaderTitle>
      </EuiModalHeader>
      <EuiModalBody>
        {mode === 'rename' ? (
          <>
            <EuiText size="s" color="subdued">
              <p>{strings.renameHelp}</p>
            </EuiText>
            <EuiSpacer size="s" />
          </>
        ) : null}
        <EuiForm
          component="form"
          id={formId}
          onSubmit={(event) => {
            event.preventDefault();
            setTouched(true);
            if (!titleMissing && !isSaving) {
              onSubmit({ title: title.trim(), description: description.trim() });
            }
          }}
        >
          <EuiFormRow
            label={strings.titleLabel}
            isInvalid={touched && titleMissing}
            error={strings.titleRequired}
          >
            <EuiFieldText
              name="federationSavedQueryTitle"
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              onBlur={() => setTouched(true)}
              maxLength={SAVED_QUERY_LIMITS.titleMaxLength}
              isInvalid={touched && titleMissing}
              required
              data-test-subj="federationSavedQueriesTitleInput"
            />
          </EuiFormRow>
          <EuiFormRow label={strings.descriptionLabel} helpText={strings.descriptionHelp}>
            <EuiTextArea
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              maxLength={SAVED_QUERY_LIMITS.descriptionMaxLength}
              rows={3}
              data-test-subj="federationSavedQueriesDescriptionInput"
            />
          </EuiFormRow>
        </EuiForm>
        {error ? (
          <>
            <EuiSpacer size="m" />
            <ErrorCallout
              title={mode === 'rename' ? strings.renameErrorTitle : strings.saveErrorTitle}
              error={error}
              dataTestSubj="federationSavedQueriesSaveError"
            />
          </>
        ) : null}
      </EuiModalBody>
      <EuiModalFooter>
        <EuiButtonEmpty onClick={onClose} data-test-subj="federationSavedQueriesSaveCancel">
          {strings.cancel}
        </EuiButtonEmpty>
        <EuiButton
          type="submit"
          form={formId}
          fill
          isLoading={isSaving}
          isDisabled={titleMissing}
          data-test-subj="federationSavedQueriesSaveConfirm"
        >
          {mode === 'rename' ? strings.confirmRename : strings.confirmSave}
        </EuiButton>
      </EuiModalFooter>
    </EuiModal>
  );
}
