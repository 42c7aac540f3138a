import { EuiButton, EuiFlexItem, EuiHorizontalRule, EuiSpacer, EuiText } from '@elastic/eui';
import { useEffect, useId, useRef, useState } from 'react';
import type { DatasourceSummary } from '../../services/api/datasources_api';
import { errorDetails } from '../../services/error_reason';
import { useToasts } from '../../services/toasts_context';
import { FormFlyout } from '../shared/management/form_flyout';
import { ConnectionTestResult, type ConnectionTestOutcome } from './connection_test_result';
import {
  applyPreset,
  EMPTY_FORM,
  formFromDatasource,
  isDirty,
  missingFields,
  toDatasourceBody,
  type DatasourceFormValues,
} from './datasource_form';
import { DatasourceFormFields } from './datasource_form_fields';
import { isValidDatasourceId } from './datasource_id';
import { databaseKindOf, presetOf, type DatabaseKind } from './jdbc_presets';
import { SavedAnywayCallout, type SavedForTest } from './saved_anyway_callout';
import { datasourceFieldOf, type DatasourceField } from './server_field_errors';
import { strings } from './strings';
import { useSaveDatasource, useValidateDatasource } from './use_datasources';

export interface DatasourceFlyoutProps {
  /** The datasource to edit; absent to create one. */
  datasource?: DatasourceSummary;
  /** Ids already taken, so that creating never silently overwrites a datasource. */
  existingIds: ReadonlySet<string>;
  onClose: () => void;
}

/** What the server holds for the datasource being edited (none while creating). */
interface StoredState {
  values: DatasourceFormValues;
  passwordSet: boolean;
}

/**
 * Create or edit one datasource, and test its connection. The server tests stored settings
 * only (`POST .../{id}/_validate` has no body), so testing a new or changed datasource saves it
 * first; the flyout then stays open on the saved datasource with the test's answer in place,
 * and a failed test says plainly that the settings were saved anyway, with the ways to fix them.
 */
export function DatasourceFlyout({ datasource, existingIds, onClose }: DatasourceFlyoutProps) {
  const testHelpId = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const urlInputRef = useRef<HTMLInputElement>(null);
  const passwordInputRef = useRef<HTMLInputElement>(null);
  const [stored, setStored] = useState<StoredState | null>(() =>
    datasource
      ? { values: formFromDatasource(datasource), passwordSet: datasource.jdbc.password_set }
      : null
  );
  const [values, setValues] = useState<DatasourceFormValues>(stored?.values ?? EMPTY_FORM);
  const [serverError, setServerError] = useState<unknown>(null);
  const [testOutcome, setTestOutcome] = useState<ConnectionTestOutcome | null>(null);
  const [savedForTest, setSavedForTest] = useState<SavedForTest | null>(null);
  const save = useSaveDatasource();
  const validate = useValidateDatasource();
  const toasts = useToasts();

  // The answer lands below the form, out of view when the form is long, while the button that
  // asked for it is in the footer (and lost focus while disabled): bring the answer into view,
  // clear of the flyout body's bottom fade (`scrollMarginBottom`), and move focus to it, so
  // screen readers read it and the keyboard goes on from there.
  useEffect(() => {
    const result = resultRef.current;
    if (!testOutcome || !result) return;
    result.scrollIntoView?.({ block: 'nearest' });
    result.focus({ preventScroll: true });
  }, [testOutcome]);

  const editing = stored !== null;
  const dirty = isDirty(values, stored?.values ?? null);
  const idTaken = !editing && existingIds.has(values.id);
  const blocked = missingFields(values).length > 0 || idTaken;
  const busy = save.isPending || validate.isPending;
  const kind = databaseKindOf(values);
  const hasLogin = kind === null || presetOf(kind).hasLogin;

  const serverField = serverError ? datasourceFieldOf(serverError) : null;
  const errors: Partial<Record<DatasourceField, string>> = {};
  if (idTaken) errors.id = strings.idTaken(values.id);
  else if (values.id && !isValidDatasourceId(values.id)) errors.id = strings.idInvalid();
  if (serverField) errors[serverField] = errorDetails(serverError).reason;

  const change = (patch: Partial<DatasourceFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    // A reason or a test answer about other settings would now mislead.
    setServerError(null);
    setTestOutcome(null);
  };

  const choosePreset = (kind: DatabaseKind) => {
    setValues((current) => applyPreset(current, kind));
    setServerError(null);
    setTestOutcome(null);
    // The template is to be completed: put the cursor there.
    requestAnimationFrame(() => urlInputRef.current?.focus());
  };

  /** Saves `next`; false (with the reason shown) when the server refuses it. */
  const persist = async (next: DatasourceFormValues): Promise<boolean> => {
    setServerError(null);
    try {
      await save.mutateAsync({ id: next.id, body: toDatasourceBody(next) });
    } catch (error) {
      setServerError(error);
      return false;
    }
    const saved: DatasourceFormValues = {
      ...next,
      driver: next.driver.trim(),
      url: next.url.trim(),
      password: '',
      removePassword: false,
    };
    const passwordSet = next.removePassword ? false : Boolean(stored?.passwordSet || next.password);
    setStored({ values: saved, passwordSet });
    setValues(saved);
    return true;
  };

  const onSave = async () => {
    if (blocked || busy) return;
    if (!(await persist(values))) return;
    toasts.success({
      title: editing ? strings.savedToast(values.id) : strings.createdToast(values.id),
    });
    onClose();
  };

  /** Tests `next`, saving it first when it differs from what is stored. */
  const testSettings = async (next: DatasourceFormValues) => {
    if (blocked || busy) return;
    setTestOutcome(null);
    setSavedForTest(null);
    if (isDirty(next, stored?.values ?? null)) {
      if (!(await persist(next))) return;
      setSavedForTest({ passwordTyped: next.password !== '' });
    }
    try {
      setTestOutcome({ ok: true, result: await validate.mutateAsync(next.id) });
    } catch (error) {
      setTestOutcome({ ok: false, error });
    }
  };

  const changePassword = () => {
    const input = passwordInputRef.current;
    input?.scrollIntoView?.({ block: 'center' });
    input?.focus({ preventScroll: true });
  };

  return (
    <FormFlyout
      testSubjPrefix="federationDatasources"
      title={editing ? strings.editTitle(values.id) : strings.createTitle()}
      onClose={onClose}
      onSubmit={() => void onSave()}
      saveError={
        serverError && !serverField ? { title: strings.saveError(), error: serverError } : null
      }
      // Once the settings are saved (by a test), leaving discards nothing.
      cancelLabel={dirty ? strings.cancelButton() : strings.closeButton()}
      saveLabel={strings.saveButton()}
      isSaving={save.isPending && !validate.isPending}
      saveDisabled={blocked || busy}
      extraActions={
        <EuiFlexItem grow={false}>
          <EuiButton
            iconType="link"
            onClick={() => void testSettings(values)}
            isLoading={validate.isPending}
            isDisabled={blocked || busy}
            aria-describedby={testHelpId}
            data-test-subj="federationDatasourcesTestButton"
          >
            {editing && !dirty ? strings.testButton() : strings.saveAndTestButton()}
          </EuiButton>
        </EuiFlexItem>
      }
      afterForm={
        <>
          <EuiHorizontalRule />
          <EuiText size="xs" color="subdued">
            <p id={testHelpId}>{strings.testExplanation()}</p>
          </EuiText>
          <EuiSpacer size="s" />
          <div
            ref={resultRef}
            tabIndex={-1}
            style={{ scrollMarginBottom: 24 }}
            data-test-subj="federationDatasourcesTestOutcome"
          >
            {savedForTest && testOutcome?.ok ? (
              <EuiText size="s" data-test-subj="federationDatasourcesSavedForTest">
                <p>{strings.savedForTest(values.id)}</p>
              </EuiText>
            ) : null}
            {testOutcome ? <ConnectionTestResult outcome={testOutcome} /> : null}
            {savedForTest && testOutcome && !testOutcome.ok ? (
              <>
                <EuiSpacer size="s" />
                <SavedAnywayCallout
                  id={values.id}
                  saved={savedForTest}
                  onChangePassword={hasLogin ? changePassword : undefined}
                  onRemovePassword={
                    hasLogin && stored?.passwordSet
                      ? () => void testSettings({ ...values, password: '', removePassword: true })
                      : undefined
                  }
                />
              </>
            ) : null}
          </div>
        </>
      }
    >
      <DatasourceFormFields
        values={values}
        onChange={change}
        onPreset={choosePreset}
        editing={editing}
        passwordSet={stored?.passwordSet ?? false}
        errors={errors}
        urlInputRef={urlInputRef}
        passwordInputRef={passwordInputRef}
      />
    </FormFlyout>
  );
}
