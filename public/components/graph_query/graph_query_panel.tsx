import { UnavailablePrompt } from '../shared/unavailable_prompt';

export function GraphQueryPanel() {
  return (
    <UnavailablePrompt
      id="graph_query"
      iconType="graphApp"
      title="Graph query"
      description="Write GQL queries against a graph model of your indices and virtual indices, run them, and read the result rows beside the query plan, with estimated and actual rows for each step."
    />
  );
}
