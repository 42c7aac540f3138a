import { EuiButton, EuiEmptyPrompt } from '@elastic/eui';

export interface ListEmptyPromptProps {
  /** The data-test-subj prefix of the screen, e.g. `federationDatasources`. */
  testSubjPrefix: string;
  iconType: string;
  title: string;
  body: string;
  createLabel: string;
  onCreate: () => void;
}

/** A list with nothing in it yet: what its items are, and the way to create the first. */
export function ListEmptyPrompt({
  testSubjPrefix,
  iconType,
  title,
  body,
  createLabel,
  onCreate,
}: ListEmptyPromptProps) {
  return (
    <EuiEmptyPrompt
      iconType={iconType}
      title={<h3>{title}</h3>}
      body={<p>{body}</p>}
      actions={
        <EuiButton
          fill
          iconType="plusInCircle"
          onClick={onCreate}
          data-test-subj={`${testSubjPrefix}EmptyCreateButton`}
        >
          {createLabel}
        </EuiButton>
      }
      data-test-subj={`${testSubjPrefix}EmptyPrompt`}
    />
  );
}
