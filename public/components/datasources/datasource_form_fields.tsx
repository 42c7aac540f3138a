import { EuiFieldText, EuiFormRow, EuiSelect, EuiSpacer, EuiText } from '@elastic/eui';
import type { RefObject } from 'react';
import type { DatasourceFormValues } from './datasource_form';
import { databaseKindOf, presetOf, SUPPORTED_DRIVERS, type DatabaseKind } from './jdbc_presets';
import { PasswordField } from './password_field';
import { PresetPicker } from './preset_picker';
import type { DatasourceField } from './server_field_errors';
import { strings } from './strings';
import { TimeZoneField } from './time_zone_field';

export interface DatasourceFormFieldsProps {
  values: DatasourceFormValues;
  onChange: (patch: Partial<DatasourceFormValues>) => void;
  onPreset: (kind: DatabaseKind) => void;
  /** Editing a stored datasource: the id is fixed and an empty password keeps the stored one. */
  editing: boolean;
  passwordSet: boolean;
  /** Messages shown under their fields: the form's own checks and the server's reasons. */
  errors: Partial<Record<DatasourceField, string>>;
  urlInputRef: RefObject<HTMLInputElement>;
  passwordInputRef: RefObject<HTMLInputElement>;
}

/** The datasource settings of docs/api/interface.md §2.1, one labelled field each. */
export function DatasourceFormFields({
  values,
  onChange,
  onPreset,
  editing,
  passwordSet,
  errors,
  urlInputRef,
  passwordInputRef,
}: DatasourceFormFieldsProps) {
  const kind = databaseKindOf(values);
  const hasLogin = kind === null || presetOf(kind).hasLogin;
  const drivers =
    values.driver && !SUPPORTED_DRIVERS.includes(values.driver)
      ? [values.driver, ...SUPPORTED_DRIVERS]
      : SUPPORTED_DRIVERS;

  return (
    <>
      <PresetPicker selected={kind} onSelect={onPreset} />
      <EuiFormRow
        label={strings.idLabel()}
        helpText={strings.idHelp()}
        isInvalid={errors.id !== undefined}
        error={errors.id}
        fullWidth
      >
        <EuiFieldText
          value={values.id}
          onChange={(event) => onChange({ id: event.target.value })}
          disabled={editing}
          isInvalid={errors.id !== undefined}
          aria-invalid={errors.id !== undefined}
          autoComplete="off"
          fullWidth
          data-test-subj="federationDatasourcesIdField"
        />
      </EuiFormRow>
      <EuiFormRow
        label={strings.driverLabel()}
        isInvalid={errors.driver !== undefined}
        error={errors.driver}
        fullWidth
      >
        <EuiSelect
          hasNoInitialSelection={!values.driver}
          options={[
            ...(values.driver ? [] : [{ value: '', text: strings.driverPlaceholder() }]),
            ...drivers.map((driver) => ({ value: driver, text: driver })),
          ]}
          value={values.driver}
          onChange={(event) => onChange({ driver: event.target.value })}
          isInvalid={errors.driver !== undefined}
          aria-invalid={errors.driver !== undefined}
          fullWidth
          data-test-subj="federationDatasourcesDriverField"
        />
      </EuiFormRow>
      <EuiFormRow
        label={strings.urlLabel()}
        helpText={kind ? strings.urlHelp(presetOf(kind).urlForm) : strings.urlHelpNoPreset()}
        isInvalid={errors.url !== undefined}
        error={errors.url}
        fullWidth
      >
        <EuiFieldText
          inputRef={urlInputRef}
          value={values.url}
          onChange={(event) => onChange({ url: event.target.value })}
          isInvalid={errors.url !== undefined}
          aria-invalid={errors.url !== undefined}
          autoComplete="off"
          spellCheck={false}
          fullWidth
          data-test-subj="federationDatasourcesUrlField"
        />
      </EuiFormRow>
      {hasLogin ? (
        <>
          <EuiFormRow
            label={strings.usernameLabel()}
            helpText={strings.usernameHelp()}
            isInvalid={errors.username !== undefined}
            error={errors.username}
            fullWidth
          >
            <EuiFieldText
              value={values.username}
              onChange={(event) => onChange({ username: event.target.value })}
              isInvalid={errors.username !== undefined}
              aria-invalid={errors.username !== undefined}
              autoComplete="off"
              fullWidth
              data-test-subj="federationDatasourcesUsernameField"
            />
          </EuiFormRow>
          <PasswordField
            value={values.password}
            onChange={(password) => onChange({ password })}
            editing={editing}
            passwordSet={passwordSet}
            remove={values.removePassword}
            // A password typed before choosing to remove the stored one would not be used.
            onRemoveChange={(removePassword) => onChange({ removePassword, password: '' })}
            error={errors.password}
            inputRef={passwordInputRef}
          />
        </>
      ) : (
        <>
          <EuiSpacer size="m" />
          <EuiText size="s" color="subdued" data-test-subj="federationDatasourcesNoLogin">
            <p>{strings.noLogin()}</p>
          </EuiText>
          <EuiSpacer size="m" />
        </>
      )}
      <TimeZoneField
        value={values.timezone}
        onChange={(timezone) => onChange({ timezone })}
        error={errors.timezone}
      />
    </>
  );
}
