import { EuiBadge, EuiText } from '@elastic/eui';
import type { GraphDocument } from '../../../services/api/graph_api';
import { strings } from '../strings';
import { cellText, documentCaption, documentKey, isGraphDocument } from './cell_value';

/**
 * One table cell. A whole variable shows compactly, as its caption and `index/id` in a badge that
 * opens the document; other values as one line of text, `null` muted.
 */
export function ResultCell({
  value,
  onOpenDocument,
}: {
  value: unknown;
  onOpenDocument: (document: GraphDocument) => void;
}) {
  if (isGraphDocument(value)) {
    const key = documentKey(value);
    const caption = documentCaption(value);
    return (
      <EuiBadge
        color="hollow"
        iconType="document"
        onClick={() => onOpenDocument(value)}
        onClickAriaLabel={strings.openDocument(caption, key)}
        title={key}
        data-test-subj="federationGraphDocumentBadge"
      >
        {caption} <small>({key})</small>
      </EuiBadge>
    );
  }
  if (value === null || value === undefined) {
    return (
      <EuiText size="s" color="subdued">
        <em>{strings.nullValue()}</em>
      </EuiText>
    );
  }
  return <span>{cellText(value)}</span>;
}
