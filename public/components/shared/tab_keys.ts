import { useCallback, type KeyboardEvent } from 'react';

/**
 * The keyboard half of the WAI-ARIA tabs pattern (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/)
 * for OUI's `EuiTabs` / `EuiTab`, which already render `role="tablist"`, `role="tab"` and
 * `aria-selected` but leave every tab in the Tab order and ignore the arrow keys.
 *
 * - ArrowLeft / ArrowRight select and focus the previous / next tab, wrapping at either end;
 *   Home / End the first / last. Selection follows focus ("automatic activation"): `onSelect` is
 *   what a click on the tab does (for routed tabs, navigating).
 * - Only the selected tab is in the Tab order (`tabIndex` 0, the others -1), so Tab leaves the
 *   tab list for the panel.
 * - Each tab has an `id` (`${idPrefix}-${tabId}`) and `aria-controls` naming the panel; the panel
 *   (one element whose content follows the selection) is labelled by the selected tab.
 *
 * Spread `tabListProps` on `EuiTabs`, `tabProps(id)` on each `EuiTab` (rendered in `ids` order)
 * and `panelProps` on the panel.
 */
export function useTabKeys<Id extends string>({
  ids,
  selectedId,
  onSelect,
  idPrefix,
  panelId,
}: {
  /** The tabs' ids, in the order they are shown. */
  ids: readonly Id[];
  selectedId: Id;
  onSelect: (id: Id) => void;
  /** Prefix of the tabs' DOM ids: `${idPrefix}-${id}`. */
  idPrefix: string;
  /** The DOM id of the panel showing the selected tab's content. */
  panelId: string;
}) {
  const tabDomId = useCallback((id: Id) => `${idPrefix}-${id}`, [idPrefix]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      // Alt+ArrowLeft is the browser's Back, Ctrl/Meta+Home the page's start: not ours.
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const tab = (event.target as HTMLElement).closest('[role="tab"]');
      if (!tab || !event.currentTarget.contains(tab)) return;
      const current = ids.findIndex((id) => tabDomId(id) === tab.id);
      if (current < 0 || ids.length === 0) return;
      const next = targetIndex(event.key, current, ids.length);
      if (next === null) return;
      event.preventDefault();
      const nextId = ids[next];
      if (nextId === undefined) return;
      if (nextId !== selectedId) onSelect(nextId);
      tab.ownerDocument.getElementById(tabDomId(nextId))?.focus();
    },
    [ids, selectedId, onSelect, tabDomId]
  );

  const tabProps = useCallback(
    (id: Id) => ({
      id: tabDomId(id),
      tabIndex: id === selectedId ? 0 : -1,
      'aria-controls': panelId,
    }),
    [tabDomId, selectedId, panelId]
  );

  return {
    tabListProps: { onKeyDown },
    tabProps,
    panelProps: {
      id: panelId,
      role: 'tabpanel' as const,
      'aria-labelledby': tabDomId(selectedId),
    },
  };
}

function targetIndex(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
