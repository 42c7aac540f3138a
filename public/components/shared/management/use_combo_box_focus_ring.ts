import { useState } from 'react';

/**
 * OUI's class for an open combo box list. Its only style is the blue underline every other
 * focused form control shows.
 */
const FOCUSED_CLASS = 'euiComboBox-isOpen';

/**
 * Props that keep a focused `EuiComboBox` looking focused. OUI draws its focus underline only
 * while the list is open, so a combo box that keeps the focus with its list closed (after
 * Escape, or after an option is chosen) showed no focus at all. EuiComboBox calls `onFocus` when
 * the focus enters it and `onBlur` only when it leaves both the input and the list, so the
 * underline follows the focus exactly.
 */
export function useComboBoxFocusRing() {
  const [focused, setFocused] = useState(false);
  return {
    className: focused ? FOCUSED_CLASS : undefined,
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
  };
}
