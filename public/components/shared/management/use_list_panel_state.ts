import { useMemo, useState } from 'react';

/** Which flyout is open: creating, or editing the item with this id. */
export type FlyoutTarget = { mode: 'create' } | { mode: 'edit'; id: string };

/**
 * What a management list screen has open: the create/edit flyout and the delete confirmation,
 * with the item being edited and the ids already taken (a new item may not reuse one).
 */
export function useListPanelState<T extends { id: string }>(items: T[]) {
  const [flyout, setFlyout] = useState<FlyoutTarget | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const existingIds = useMemo(() => new Set(items.map((item) => item.id)), [items]);
  const editing = flyout?.mode === 'edit' ? items.find((item) => item.id === flyout.id) : undefined;
  return {
    flyout,
    // A new key per target: the form starts from that item's stored settings.
    flyoutKey: flyout?.mode === 'edit' ? `edit-${flyout.id}` : 'create',
    editing,
    existingIds,
    deleting,
    create: () => setFlyout({ mode: 'create' }),
    edit: (id: string) => setFlyout({ mode: 'edit', id }),
    closeFlyout: () => setFlyout(null),
    askDelete: (id: string) => setDeleting(id),
    closeDelete: () => setDeleting(null),
  };
}
