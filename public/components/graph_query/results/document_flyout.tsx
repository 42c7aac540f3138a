import {
  EuiCodeBlock,
  EuiDescriptionList,
  EuiFlyout,
  EuiFlyoutBody,
  EuiFlyoutHeader,
  EuiSpacer,
  EuiTitle,
} from '@elastic/eui';
import { useId } from 'react';
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
  const titleId = useId();
  return (
    <EuiFlyout
      onClose={onClose}
      size="m"
      ownFocus
      // OUI gives flyouts role="dialog"; with ownFocus they are modal, and should say so.
      aria-modal="true"
      aria-labelledby={titleId}
      closeButtonAriaLabel={strings.close()}
      data-test-subj="federationGraphDocumentFlyout"
    >
      <EuiFlyoutHeader hasBorder>
        <EuiTitle size="s">
          <h2 id={titleId}>{strings.documentFlyoutTitle(key)}</h2>
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
        {/* No `language`: OUI's JSON token colours (pink strings, green numbers) fall below
            WCAG's 4.5:1 on the block's grey; plain dark text reads, as in the Join explorer. */}
        <EuiCodeBlock isCopyable paddingSize="s" fontSize="s">
          {JSON.stringify(document._source, null, 2)}
        </EuiCodeBlock>
      </EuiFlyoutBody>
    </EuiFlyout>
  );
}
