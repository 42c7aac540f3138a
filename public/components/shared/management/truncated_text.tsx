import type { CSSProperties, ReactNode } from 'react';

/** One line, cut with an ellipsis at the cell's edge instead of wrapping inside a word. */
const ONE_LINE: CSSProperties = {
  display: 'block',
  maxWidth: '100%',
  // A flex item (OUI's cell content is a flex box) shrinks below its text only with this.
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

/**
 * A table cell's value on one line: driver class names and URLs have no spaces, so a narrow
 * column broke them mid-word (OUI's cells break long words). The whole value is the `title`,
 * shown on hover, and stays in the text for search and screen readers.
 */
export function TruncatedText({
  text,
  children,
  testSubj,
}: {
  text: string;
  /** What shows, when not the plain text (e.g. the text as `<code>`). */
  children?: ReactNode;
  testSubj?: string;
}) {
  return (
    <span style={ONE_LINE} title={text} data-test-subj={testSubj}>
      {children ?? text}
    </span>
  );
}
