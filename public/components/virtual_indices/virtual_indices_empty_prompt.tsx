import { EuiButton, EuiEmptyPrompt } from '@elastic/eui';
import { strings } from './strings';

/** No virtual index yet: what one is, and the way to create the first. */
export function VirtualIndicesEmptyPrompt({ onCreate }: { onCreate: () => void }) {
  return (
    <EuiEmptyPrompt
      iconType="indexPatternApp"
      title={<h3>{strings.emptyTitle()}</h3>}
      body={<p>{strings.emptyBody()}</p>}
      actions={
        <EuiButton
          fill
          iconType="plusInCircle"
          onClick={onCreate}
          data-test-subj="federationVirtualIndicesEmptyCreateButton"
        >
          {strings.createButton()}
        </EuiButton>
      }
      data-test-subj="federationVirtualIndicesEmptyPrompt"
    />
  );
}
