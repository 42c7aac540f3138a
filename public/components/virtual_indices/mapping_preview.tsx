import {
  EuiBadge,
  EuiBasicTable,
  EuiCallOut,
  EuiSpacer,
  EuiText,
  EuiTitle,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import type { RemoteColumnView } from '../../services/api/datasources_api';
import { skippedColumnReason } from './skipped_column_reason';
import { strings } from './strings';
import { splitColumns } from './virtual_index_form';

/**
 * The index the resource would make, before it is saved: the columns the server maps and their
 * field types (docs/api/interface.md §2.3, as `_metadata` reports them), and the columns it skips, with why.
 */
export function MappingPreview({
  columns,
  keyColumn,
}: {
  columns: RemoteColumnView[];
  keyColumn: string;
}) {
  const { mapped, skipped } = splitColumns(columns);

  const mappedColumns: Array<EuiBasicTableColumn<(typeof mapped)[number]>> = [
    {
      field: 'name',
      name: strings.fieldName(),
      render: (name: string) => (
        <span>
          <code>{name}</code>{' '}
          {name === keyColumn ? (
            <EuiBadge color="primary" data-test-subj="federationVirtualIndicesKeyBadge">
              {strings.keyBadge()}
            </EuiBadge>
          ) : null}
        </span>
      ),
    },
    { field: 'remote_type', name: strings.remoteType() },
    {
      field: 'type',
      name: strings.fieldType(),
      render: (type: string) => <EuiBadge color="hollow">{type}</EuiBadge>,
    },
    {
      field: 'nullable',
      name: strings.nullable(),
      render: (nullable: boolean) => (nullable ? strings.yes() : strings.no()),
    },
  ];

  return (
    <div data-test-subj="federationVirtualIndicesMappingPreview">
      <EuiText size="s" data-test-subj="federationVirtualIndicesMappingSummary">
        <p>{strings.mappingSummary(mapped.length, skipped.length)}</p>
      </EuiText>
      <EuiSpacer size="s" />
      {mapped.length === 0 ? (
        <EuiCallOut
          title={strings.nothingMapped()}
          color="danger"
          iconType="alert"
          role="alert"
          data-test-subj="federationVirtualIndicesNothingMapped"
        >
          <p>{strings.nothingMappedBody()}</p>
        </EuiCallOut>
      ) : (
        <>
          <EuiTitle size="xxs">
            <h4>{strings.mappedTitle()}</h4>
          </EuiTitle>
          <EuiBasicTable
            items={mapped}
            itemId="name"
            columns={mappedColumns}
            tableCaption={strings.mappedTitle()}
            rowProps={(column) => ({
              'data-test-subj': `federationVirtualIndicesMappedColumn-${column.name}`,
            })}
            data-test-subj="federationVirtualIndicesMappedColumns"
          />
        </>
      )}
      {skipped.length > 0 ? (
        <>
          <EuiSpacer size="m" />
          <EuiCallOut
            title={strings.skippedTitle()}
            color="warning"
            iconType="help"
            data-test-subj="federationVirtualIndicesSkippedColumns"
          >
            <p>{strings.skippedBody()}</p>
            <ul>
              {skipped.map((column) => (
                <li
                  key={column.name}
                  data-test-subj={`federationVirtualIndicesSkippedColumn-${column.name}`}
                >
                  <code>{column.name}</code> ({column.remote_type || '?'}):{' '}
                  {skippedColumnReason(column.remote_type)}
                </li>
              ))}
            </ul>
          </EuiCallOut>
        </>
      ) : null}
    </div>
  );
}
