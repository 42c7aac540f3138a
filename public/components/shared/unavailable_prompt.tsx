import { EuiEmptyPrompt } from '@elastic/eui';
import type { ReactNode } from 'react';

export interface UnavailablePromptProps {
  /** Used in the `data-test-subj`, e.g. `federationEmptyState-datasources`. */
  id: string;
  iconType: string;
  title: string;
  /** What this tab will offer once it is built. */
  description: ReactNode;
}

/**
 * The honest empty state of a tab whose feature is not built yet: it says what will be here and
 * that it is not available, and shows no sample or placeholder data.
 */
export function UnavailablePrompt({ id, iconType, title, description }: UnavailablePromptProps) {
  return (
    <EuiEmptyPrompt
      data-test-subj={`federationEmptyState-${id}`}
      iconType={iconType}
      title={<h2>{title}</h2>}
      body={
        <>
          <p>{description}</p>
          <p>
            <strong>Not available yet.</strong>
          </p>
        </>
      }
    />
  );
}
