import {
  EuiButton,
  EuiButtonEmpty,
  EuiFlexGroup,
  EuiFlexItem,
  EuiSwitch,
  EuiText,
  EuiToolTip,
} from '@elastic/eui';
import { useEffect, useState } from 'react';
import { strings } from './strings';

export interface RunControlsProps {
  onRun: () => void;
  onExplain: () => void;
  onCancel: () => void;
  detailed: boolean;
  onDetailedChange: (detailed: boolean) => void;
  /** What is in flight, if anything. */
  pending: 'run' | 'explain' | null;
  /** Why the query cannot be sent now (Run and Explain are disabled), or null. */
  blocked: string | null;
}

/** Run, Explain, the `detailed` switch, and while a request runs, its time and Cancel. */
export function RunControls({
  onRun,
  onExplain,
  onCancel,
  detailed,
  onDetailedChange,
  pending,
  blocked,
}: RunControlsProps) {
  return (
    <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false} wrap>
      <EuiFlexItem grow={false}>
        <EuiToolTip content={blocked ?? strings.runHint()}>
          <EuiButton
            fill
            size="s"
            iconType="play"
            onClick={onRun}
            isDisabled={blocked !== null}
            isLoading={pending === 'run'}
            data-test-subj="federationGraphRunButton"
          >
            {strings.run()}
          </EuiButton>
        </EuiToolTip>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiToolTip content={blocked ?? strings.explainHint()}>
          <EuiButton
            size="s"
            iconType="inspect"
            onClick={onExplain}
            isDisabled={blocked !== null}
            isLoading={pending === 'explain'}
            data-test-subj="federationGraphExplainButton"
          >
            {strings.explain()}
          </EuiButton>
        </EuiToolTip>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiToolTip content={strings.detailedHint()}>
          <EuiSwitch
            compressed
            label={strings.detailed()}
            checked={detailed}
            onChange={(event) => onDetailedChange(event.target.checked)}
            data-test-subj="federationGraphDetailedSwitch"
          />
        </EuiToolTip>
      </EuiFlexItem>
      {pending ? (
        <>
          <EuiFlexItem grow={false}>
            <Elapsed mode={pending} />
          </EuiFlexItem>
          <EuiFlexItem grow={false}>
            <EuiButtonEmpty
              size="s"
              color="danger"
              iconType="cross"
              onClick={onCancel}
              data-test-subj="federationGraphCancelButton"
            >
              {strings.cancel()}
            </EuiButtonEmpty>
          </EuiFlexItem>
        </>
      ) : null}
    </EuiFlexGroup>
  );
}

/** Seconds since the request started, so a long run visibly lives. */
function Elapsed({ mode }: { mode: 'run' | 'explain' }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <EuiText size="s" color="subdued" role="status" data-test-subj="federationGraphElapsed">
      {mode === 'explain' ? strings.explaining() : strings.running(seconds)}
    </EuiText>
  );
}
