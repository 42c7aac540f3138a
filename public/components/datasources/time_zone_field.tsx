import { EuiComboBox, EuiFormRow, type EuiComboBoxOptionOption } from '@elastic/eui';
import { useMemo } from 'react';
import { useComboBoxFocusRing } from '../shared/management/use_combo_box_focus_ring';
import { strings } from './strings';
import { timeZoneNames } from './time_zones';

export interface TimeZoneFieldProps {
  value: string;
  onChange: (zone: string) => void;
  error?: string;
}

/**
 * A searchable list of the browser's IANA zones. A zone stored earlier that this browser does
 * not list (an alias such as `Etc/GMT+5`) is offered too, so editing never loses it; typing a
 * name not listed is allowed, and the server judges it.
 */
export function TimeZoneField({ value, onChange, error }: TimeZoneFieldProps) {
  const options = useMemo<Array<EuiComboBoxOptionOption<string>>>(() => {
    const zones = timeZoneNames();
    const all = value && !zones.includes(value) ? [value, ...zones] : zones;
    return all.map((zone) => ({ label: zone, value: zone }));
  }, [value]);
  const focusRing = useComboBoxFocusRing();

  return (
    <EuiFormRow
      label={strings.timeZoneLabel()}
      helpText={strings.timeZoneHelp()}
      isInvalid={error !== undefined}
      error={error}
      fullWidth
    >
      <EuiComboBox<string>
        {...focusRing}
        aria-label={strings.timeZoneLabel()}
        singleSelection={{ asPlainText: true }}
        options={options}
        selectedOptions={value ? [{ label: value, value }] : []}
        onChange={(selected) => {
          if (selected[0]?.label) onChange(selected[0].label);
        }}
        onCreateOption={(typed) => onChange(typed.trim())}
        isClearable={false}
        isInvalid={error !== undefined}
        fullWidth
        data-test-subj="federationDatasourcesTimeZoneField"
      />
    </EuiFormRow>
  );
}
