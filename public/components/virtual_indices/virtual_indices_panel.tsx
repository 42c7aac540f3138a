import { UnavailablePrompt } from '../shared/unavailable_prompt';

export function VirtualIndicesPanel() {
  return (
    <UnavailablePrompt
      id="virtual_indices"
      iconType="indexPatternApp"
      title="Virtual indices"
      description="Expose a table of a datasource as an index that you can search, aggregate and join like any OpenSearch index."
    />
  );
}
