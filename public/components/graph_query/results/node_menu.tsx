import { EuiContextMenuItem, EuiContextMenuPanel, EuiPopover } from '@elastic/eui';
import { useEffect, useRef, type ReactElement } from 'react';
import { strings } from '../strings';
import { relationCaption, type NeighbourRelation } from './neighbour_expansion';
import type { SubgraphNode } from './subgraph';

/** OUI's popover removes its panel this long after closing (its `closingTransitionTimeout`), plus a frame. */
const CLOSING_MS = 300;

export interface NodeMenuProps {
  node: SubgraphNode;
  /** The model's relations that touch the node's entity (neighbour_expansion.ts). */
  relations: NeighbourRelation[];
  /** A query is running: expanding waits for it. */
  busy: boolean;
  onExpand: (along: NeighbourRelation) => void;
  onOpenDocument: () => void;
}

/**
 * A node's menu, in a popover at `button` (the node in the drawing, or its button in the node
 * list): its document, and one item per relation that touches its entity, each direction named,
 * which expands the node's neighbours along it. OUI's popover takes the focus and keeps it inside;
 * the menu panel moves between items with the arrow keys. On Escape the focus goes back to the
 * button: OUI's trap starts once the focus is already in the panel, so it gives the focus back
 * there, to an element that goes when the closing animation ends (CLOSING_MS).
 */
export function NodeMenuPopover({
  button,
  isOpen,
  onClose,
  anchorPosition = 'downLeft',
  ...menu
}: NodeMenuProps & {
  button: ReactElement;
  isOpen: boolean;
  onClose: () => void;
  anchorPosition?: 'downLeft' | 'downCenter' | 'rightUp';
}) {
  const { node, relations, busy, onExpand, onOpenDocument } = menu;
  const anchor = useRef<HTMLSpanElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const escaped = useRef(false);
  useEffect(() => {
    if (isOpen || !escaped.current) return;
    escaped.current = false;
    const menuPanel = panel.current;
    const focus = () => {
      const target = anchor.current?.querySelector<HTMLElement>('button');
      const active = document.activeElement;
      // Only from the closing panel or from nowhere: never from where the user has gone since.
      const lost = !active || active === document.body || !!menuPanel?.contains(active);
      if (target && lost) target.focus();
    };
    // Once OUI's trap has given the focus back, and again once the panel is gone.
    const frame = window.requestAnimationFrame(focus);
    const timer = window.setTimeout(focus, CLOSING_MS);
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [isOpen]);
  const items = [
    <EuiContextMenuItem
      key="document"
      icon="document"
      onClick={onOpenDocument}
      data-test-subj="federationGraphNodeMenuDocument"
    >
      {strings.nodeMenuOpenDocument()}
    </EuiContextMenuItem>,
    ...relations.map((along) => (
      <EuiContextMenuItem
        key={`${along.direction} ${along.relation}`}
        icon="graphApp"
        disabled={busy}
        toolTipContent={busy ? strings.nodeMenuBusy() : undefined}
        onClick={() => onExpand(along)}
        data-test-subj="federationGraphNodeMenuExpand"
      >
        {strings.nodeMenuExpand(relationCaption(along))}
      </EuiContextMenuItem>
    )),
  ];
  if (relations.length === 0) {
    items.push(
      <EuiContextMenuItem key="none" disabled>
        {strings.nodeMenuNoRelation(node.label)}
      </EuiContextMenuItem>
    );
  }
  return (
    <span ref={anchor}>
      <EuiPopover
        button={button}
        isOpen={isOpen}
        closePopover={onClose}
        panelPaddingSize="none"
        anchorPosition={anchorPosition}
        aria-label={strings.nodeMenuAriaLabel(node.caption)}
        data-test-subj="federationGraphNodeMenu"
      >
        <div
          ref={panel}
          onKeyDown={(event) => {
            if (event.key === 'Escape') escaped.current = true;
          }}
        >
          <EuiContextMenuPanel
            title={strings.nodeMenuTitle(node.caption, node.label)}
            items={items}
            size="s"
          />
        </div>
      </EuiPopover>
    </span>
  );
}
