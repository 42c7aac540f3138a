import {
  EuiButtonEmpty,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLoadingSpinner,
  EuiText,
  EuiTextColor,
} from '@elastic/eui';
import { useId } from 'react';
import type { JoinPairSuggestion } from './rank_join_pairs';
import { strings } from './strings';
import { pairKey } from './value_sample';

/**
 * One pair: the button named "parent = child" (the visible text is the start of the name, axe:
 * label-content-name-mismatch), and beside it, describing it, what the sample showed. Inline in
 * one span, so it reads as one line ("company_id = id 5 of 5 sampled values meet").
 */
function Suggestion({
  pair,
  onChoose,
}: {
  pair: JoinPairSuggestion;
  onChoose: (pair: JoinPairSuggestion) => void;
}) {
  const evidenceId = useId();
  const evidence = pair.evidence && pair.evidence.sampled > 0 ? pair.evidence : undefined;
  return (
    <span data-test-subj="federationJoinExplorerJoinSuggestionItem">
      <EuiButtonEmpty
        size="xs"
        iconType="merge"
        onClick={() => onChoose(pair)}
        title={strings.suggestionTitle(pair.parentField, pair.childField)}
        aria-describedby={evidence ? evidenceId : undefined}
        data-test-subj={`federationJoinExplorerJoinSuggestion-${pair.parentField}-${pair.childField}`}
      >
        {pair.parentField} = {pair.childField}
      </EuiButtonEmpty>{' '}
      {evidence ? (
        <EuiTextColor color="subdued" id={evidenceId}>
          <small>{strings.suggestionEvidence(evidence.met, evidence.sampled)}</small>
        </EuiTextColor>
      ) : null}
    </span>
  );
}

/**
 * The suggested join pairs as buttons, most likely first, each with what its value sample
 * showed ("20 of 20 sampled values meet"); a spinner while the sample runs.
 */
export function JoinSuggestions({
  suggestions,
  sampling,
  onChoose,
}: {
  suggestions: JoinPairSuggestion[];
  sampling: boolean;
  onChoose: (pair: JoinPairSuggestion) => void;
}) {
  if (suggestions.length === 0 && !sampling) {
    return (
      <EuiText size="s" data-test-subj="federationJoinExplorerJoinSuggestions">
        <p>{strings.noSuggestions()}</p>
      </EuiText>
    );
  }
  return (
    <EuiText size="s" data-test-subj="federationJoinExplorerJoinSuggestions">
      <EuiFlexGroup gutterSize="xs" alignItems="center" wrap responsive={false}>
        <EuiFlexItem grow={false}>{strings.suggestionsLabel()}</EuiFlexItem>
        {suggestions.map((pair) => (
          <EuiFlexItem grow={false} key={pairKey(pair)}>
            <Suggestion pair={pair} onChoose={onChoose} />
          </EuiFlexItem>
        ))}
        {sampling ? (
          <EuiFlexItem grow={false} data-test-subj="federationJoinExplorerJoinSampling">
            <EuiLoadingSpinner
              size="s"
              role="progressbar"
              aria-label={strings.suggestionsSampling()}
            />
          </EuiFlexItem>
        ) : null}
      </EuiFlexGroup>
    </EuiText>
  );
}
