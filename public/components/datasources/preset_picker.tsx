import { EuiButtonGroup, EuiFormRow } from '@elastic/eui';
import { JDBC_PRESETS, type DatabaseKind } from './jdbc_presets';
import { strings } from './strings';

/** One button per database; choosing one fills the driver and a URL template. */
export function PresetPicker({
  selected,
  onSelect,
}: {
  selected: DatabaseKind | null;
  onSelect: (kind: DatabaseKind) => void;
}) {
  return (
    <EuiFormRow label={strings.presetLegend()} helpText={strings.presetHelp()} fullWidth>
      <EuiButtonGroup
        legend={strings.presetLegend()}
        name="federationDatasourcePreset"
        type="single"
        idSelected={selected ? `federationDatasourcePreset-${selected}` : ''}
        onChange={(id) => onSelect(id.replace('federationDatasourcePreset-', '') as DatabaseKind)}
        options={JDBC_PRESETS.map((preset) => ({
          id: `federationDatasourcePreset-${preset.kind}`,
          label: preset.label,
          'data-test-subj': `federationDatasourcesPreset-${preset.kind}`,
        }))}
        // Five equal full-width buttons cut "PostgreSQL" and "SQL Server" to "Postgre…" in a
        // 1,024 px window (a 512 px flyout): compressed buttons as wide as their names fit all
        // five down to the flyout's narrowest.
        buttonSize="compressed"
      />
    </EuiFormRow>
  );
}
