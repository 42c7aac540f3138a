import {
  EuiCodeBlock,
  EuiDescriptionList,
  EuiFlyout,
  EuiFlyoutBody,
  EuiFlyoutHeader,
  EuiSpacer,
  EuiTitle,
} from '@elastic/eui';
import type { GraphDocument } from '../../../services/api/graph_api';
import { strings } from '../strings';
import { documentKey } from './cell_value';

/** One matched document (a whole variable): its index, id and source. */
export function DocumentFlyout({
  document,
  onClose,
}: {
  document: GraphDocument;
  onClose: () => void;
}) {
  const key = documentKey(document);
  return (
    <EuiFlyout
      onClose={onClose}
      size="m"
      ownFocus
      aria-labelledby="federationGraphDocumentTitle"
      closeButtonAriaLabel={strings.close()}
      data-test-subj="federationGraphDocumentFlyout"
    >
      <EuiFlyoutHeader hasBorder>
        <EuiTitle size="s">
          <h2 id="federationGraphDocumentTitle">{strings.documentFlyoutTitle(key)}</h2>
        </EuiTitle>
      </EuiFlyoutHeader>
      <EuiFlyoutBody>
        <EuiDescriptionList
          type="column"
          compressed
          listItems={[
            { title: strings.documentIndex(), description: document._index },
            { title: strings.documentId(), description: document._id },
          ]}
        />
        <EuiSpacer size="m" />
        <EuiTitle size="xxs">
          <h3>{strings.documentSource()}</h3>
        </EuiTitle>
        <EuiSpacer size="s" />
        <EuiCodeBlock language="json" isCopyable paddingSize="s" fontSize="s">
          {JSON.stringify(document._source, null, 2)}
        </EuiCodeBlock>
      </EuiFlyoutBody>
    </EuiFlyout>
  );
}
