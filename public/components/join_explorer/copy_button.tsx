import { copyToClipboard, EuiButtonEmpty, EuiFlexGroup, EuiFlexItem, EuiText } from '@elastic/eui';
import { useEffect, useState } from 'react';
import { strings } from './strings';

/** How long "Copied" stays beside the button. */
const CONFIRMATION_MS = 2_500;

type Outcome = 'idle' | 'copied' | 'failed';

/**
 * A copy button that says at once, beside itself, whether the text was copied. OUI's `EuiCopy`
 * says it only in a hover tooltip that appears after the hover delay (about 300 ms after the
 * first click, at once on a second), so a first click looked like it did nothing and users
 * clicked again; keyboard and touch users never saw it. The status is a live region, so screen
 * readers hear it too.
 */
export function CopyButton({
  text,
  label,
  dataTestSubj,
}: {
  text: string;
  label: string;
  dataTestSubj: string;
}) {
  const [outcome, setOutcome] = useState<Outcome>('idle');
  useEffect(() => {
    if (outcome === 'idle') return;
    const timer = setTimeout(() => setOutcome('idle'), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [outcome]);
  // Another text (the other tab, a changed request) has not been copied yet.
  useEffect(() => setOutcome('idle'), [text]);

  return (
    <EuiFlexGroup gutterSize="xs" alignItems="center" responsive={false}>
      <EuiFlexItem grow={false}>
        {/* Always rendered, so the live region exists before its text changes. */}
        <EuiText
          size="xs"
          color={outcome === 'failed' ? 'danger' : 'success'}
          role="status"
          data-test-subj={`${dataTestSubj}Status`}
        >
          {outcome === 'copied'
            ? strings.copied()
            : outcome === 'failed'
              ? strings.copyFailed()
              : ''}
        </EuiText>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiButtonEmpty
          size="xs"
          iconType={outcome === 'copied' ? 'check' : 'copyClipboard'}
          // Synchronous, inside the click: browsers allow a copy only during the user's gesture.
          onClick={() => setOutcome(copyToClipboard(text) ? 'copied' : 'failed')}
          data-test-subj={dataTestSubj}
        >
          {label}
        </EuiButtonEmpty>
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}
