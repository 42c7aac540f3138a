import { EuiButton, EuiEmptyPrompt } from '@elastic/eui';
import { strings } from './strings';

/** No datasource yet: what one is, and the way to create the first. */
export function DatasourcesEmptyPrompt({ onCreate }: { onCreate: () => void }) {
  return (
    <EuiEmptyPrompt
      iconType="database"
      title={<h3>{strings.emptyTitle()}</h3>}
      body={<p>{strings.emptyBody()}</p>}
      actions={
        <EuiButton
          fill
          iconType="plusInCircle"
          onClick={onCreate}
          data-test-subj="federationDatasourcesEmptyCreateButton"
        >
          {strings.createButton()}
        </EuiButton>
      }
      data-test-subj="federationDatasourcesEmptyPrompt"
    />
  );
}
