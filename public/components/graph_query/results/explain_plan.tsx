import { EuiBasicTable, EuiCode, EuiSpacer, EuiText, EuiTitle } from '@elastic/eui';
import type { GraphPlan } from '../../../services/api/graph_api';
import { strings } from '../strings';

type PlanStep = GraphPlan['steps'][number];

/** `EXPLAIN`'s answer: where the plan starts and why, then its steps with estimated rows. */
export function ExplainPlan({ plan }: { plan: GraphPlan }) {
  return (
    <div data-test-subj="federationGraphExplainPlan">
      <EuiTitle size="xs">
        <h3>{strings.explainStart(plan.start)}</h3>
      </EuiTitle>
      <EuiText size="s" color="subdued">
        <p>{plan.reason}</p>
      </EuiText>
      <EuiSpacer size="m" />
      <EuiBasicTable<PlanStep>
        items={plan.steps}
        itemId="id"
        tableCaption={strings.explainTitle()}
        columns={[
          { field: 'id', name: strings.explainColumnId(), width: '5em' },
          { field: 'kind', name: strings.explainColumnKind(), width: '7em' },
          {
            field: 'pattern',
            name: strings.explainColumnPattern(),
            render: (pattern: string) => <EuiCode>{pattern}</EuiCode>,
          },
          {
            field: 'estimated_rows',
            name: strings.explainColumnEstimated(),
            width: '10em',
            render: (rows: number | null) =>
              rows === null ? strings.stepsUnknown() : rows.toLocaleString(),
          },
          {
            field: 'inputs',
            name: strings.explainColumnInputs(),
            width: '8em',
            render: (inputs: number[]) => inputs.join(', '),
          },
        ]}
      />
    </div>
  );
}
