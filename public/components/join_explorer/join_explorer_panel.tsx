import { UnavailablePrompt } from '../shared/unavailable_prompt';

export function JoinExplorerPanel() {
  return (
    <UnavailablePrompt
      id="join_explorer"
      iconType="merge"
      title="Join explorer"
      description="Build a join between index sets, including virtual indices, run it, and page through the joined hits with a point in time so every page sees the same result."
    />
  );
}
