import { EuiButton, EuiCallOut, EuiFormRow, EuiSelect } from '@elastic/eui';
import { useServices } from '../../services/services_context';
import { ErrorCallout } from '../shared/error_callout';
import { useDatasources } from '../datasources/use_datasources';
import { strings } from './strings';

export interface DatasourcePickerProps {
  value: string;
  onChange: (datasource: string) => void;
  disabled?: boolean;
  error?: string;
}

/** The datasource to read from; with none yet, the way to the Datasources tab. */
export function DatasourcePicker({ value, onChange, disabled, error }: DatasourcePickerProps) {
  const datasources = useDatasources();
  const { history } = useServices();

  if (datasources.isError) {
    return (
      <ErrorCallout
        title={strings.datasourcesLoadError()}
        error={datasources.error}
        dataTestSubj="federationVirtualIndicesDatasourcesError"
      />
    );
  }
  if (datasources.isSuccess && datasources.data.length === 0) {
    return (
      <EuiCallOut
        title={strings.noDatasources()}
        iconType="database"
        data-test-subj="federationVirtualIndicesNoDatasources"
      >
        <p>{strings.noDatasourcesBody()}</p>
        <EuiButton
          size="s"
          onClick={() => history.push('/datasources')}
          data-test-subj="federationVirtualIndicesGoToDatasources"
        >
          {strings.goToDatasources()}
        </EuiButton>
      </EuiCallOut>
    );
  }
  const ids = (datasources.data ?? []).map((d) => d.id);
  // A definition may name a datasource deleted since: keep it shown, the server will say why.
  const choices = value && !ids.includes(value) ? [value, ...ids] : ids;
  return (
    <EuiFormRow
      label={strings.datasourceLabel()}
      isInvalid={error !== undefined}
      error={error}
      fullWidth
    >
      <EuiSelect
        options={[
          ...(value ? [] : [{ value: '', text: strings.datasourcePlaceholder() }]),
          ...choices.map((id) => ({ value: id, text: id })),
        ]}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        isLoading={datasources.isPending}
        disabled={disabled}
        isInvalid={error !== undefined}
        aria-invalid={error !== undefined}
        fullWidth
        data-test-subj="federationVirtualIndicesDatasourceField"
      />
    </EuiFormRow>
  );
}
