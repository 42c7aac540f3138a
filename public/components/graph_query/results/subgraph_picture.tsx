import {
  EuiAccordion,
  EuiButtonIcon,
  EuiCallOut,
  EuiFlexGroup,
  EuiFlexItem,
  EuiHealth,
  EuiLink,
  EuiLoadingChart,
  EuiPanel,
  EuiSpacer,
  EuiText,
  euiPaletteColorBlind,
} from '@elastic/eui';
import { lazy, Suspense, useMemo, useState, type KeyboardEvent } from 'react';
import type { GraphDocument, GraphModelJson } from '../../../services/api/graph_api';
import { strings } from '../strings';
import { drawingElements, labelColors } from './drawing_elements';
import { neighbourRelations, type ExpansionRequest } from './neighbour_expansion';
import { NodeMenuPopover } from './node_menu';
import { layeredSubgraph, type PictureLayer } from './picture_layers';
import type { Subgraph, SubgraphNode } from './subgraph';

const CytoscapeDrawing = lazy(() => import('./cytoscape_drawing'));

// Twenty colours: the colour-blind-safe palette and its second rotation.
const PALETTE = euiPaletteColorBlind({ rotations: 2 });

/** Expanding a node: what the picture offers when its screen can run the expansion query. */
export interface PictureExpansion {
  onExpand: (request: ExpansionRequest) => void;
  /** A query is running: the menus say so instead of starting another. */
  busy: boolean;
}

/**
 * The matched subgraphs as a node-link picture, for results small enough to draw: nodes are the
 * documents of the selected whole variables, coloured by label; edges follow the MATCH pattern.
 * Each node has a menu (right-click in the drawing, or its button in the node list) that expands
 * its neighbours; their answers are further `layers`, merged into the picture.
 */
export function SubgraphPicture({
  layers,
  onOpenDocument,
  expansion,
}: {
  /** The answer drawn, then each expansion's (the queries say which variables are linked). */
  layers: readonly PictureLayer[];
  onOpenDocument: (document: GraphDocument) => void;
  expansion?: PictureExpansion;
}) {
  const result = useMemo(() => layeredSubgraph(layers), [layers]);
  const model = layers[layers.length - 1]?.model;

  const notice = (title: string) => (
    <EuiCallOut
      size="s"
      iconType="iInCircle"
      title={title}
      data-test-subj="federationGraphPicture"
    />
  );
  if (result === null) return notice(strings.pictureUnparsed());
  if (result.kind === 'no_variables') return notice(strings.pictureNoVariables());
  if (result.kind === 'empty') return notice(strings.pictureEmpty());
  if (result.kind === 'too_many') return notice(strings.pictureTooMany(result.nodes, result.limit));
  return (
    <Picture
      graph={result.graph}
      model={model}
      onOpenDocument={onOpenDocument}
      expansion={expansion}
    />
  );
}

/** Where a node's menu is open: at the node in the drawing, or at its button in the node list. */
type OpenMenu = { key: string; at: 'list' } | { key: string; at: 'drawing'; x: number; y: number };

/** The drawn node's radius (drawing_elements.ts): the menu opens just below the node. */
const NODE_RADIUS = 11;

function Picture({
  graph,
  model,
  onOpenDocument,
  expansion,
}: {
  graph: Subgraph;
  model: GraphModelJson | undefined;
  onOpenDocument: (document: GraphDocument) => void;
  expansion?: PictureExpansion;
}) {
  const colors = useMemo(() => labelColors(graph.labels, PALETTE), [graph]);
  const elements = useMemo(() => drawingElements(graph, colors), [graph, colors]);
  const byKey = useMemo(() => new Map(graph.nodes.map((node) => [node.key, node])), [graph]);
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const open = (key: string) => {
    const node = byKey.get(key);
    if (node) onOpenDocument(node.document);
  };
  const menuNode = menu ? byKey.get(menu.key) : undefined;
  const menuOf = (node: SubgraphNode, isOpen: boolean) => ({
    node,
    isOpen,
    onClose: () => setMenu(null),
    relations: expansion && model ? neighbourRelations(model, node.label) : [],
    busy: expansion?.busy ?? false,
    onExpand: (along: Parameters<PictureExpansion['onExpand']>[0]['along']) => {
      setMenu(null);
      expansion?.onExpand({ node, along });
    },
    onOpenDocument: () => {
      setMenu(null);
      onOpenDocument(node.document);
    },
  });
  // Shift+F10 and the context-menu key open a node's menu from the node list, as they open a
  // page's context menu.
  const menuKey = (node: SubgraphNode) => (event: KeyboardEvent) => {
    if ((event.shiftKey && event.key === 'F10') || event.key === 'ContextMenu') {
      event.preventDefault();
      setMenu({ key: node.key, at: 'list' });
    }
  };

  return (
    <div data-test-subj="federationGraphPicture">
      <EuiFlexGroup gutterSize="m" alignItems="center" wrap responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiText size="xs">
            <strong>{strings.pictureLegend()}</strong>
          </EuiText>
        </EuiFlexItem>
        {graph.labels.map((label) => (
          <EuiFlexItem grow={false} key={label}>
            <EuiHealth color={colors.get(label)} data-test-subj="federationGraphLegendItem">
              {label}
            </EuiHealth>
          </EuiFlexItem>
        ))}
        <EuiFlexItem>
          <EuiText size="xs" color="subdued" textAlign="right">
            {expansion ? strings.pictureHint() : strings.pictureHintWithoutExpansion()}
          </EuiText>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      <EuiPanel hasBorder paddingSize="none" style={{ position: 'relative' }}>
        <Suspense
          fallback={
            <div role="status" aria-label={strings.pictureLoading()}>
              <EuiLoadingChart size="l" />
            </div>
          }
        >
          <CytoscapeDrawing
            elements={elements}
            onSelectNode={open}
            onNodeMenu={(key, at) => setMenu({ key, at: 'drawing', ...at })}
            ariaLabel={strings.pictureAriaLabel(graph.nodes.length, graph.edges.length)}
          />
        </Suspense>
        {menu?.at === 'drawing' && menuNode ? (
          <div
            style={{ position: 'absolute', left: menu.x, top: menu.y + NODE_RADIUS }}
            data-test-subj="federationGraphNodeMenuAnchor"
          >
            <NodeMenuPopover
              {...menuOf(menuNode, true)}
              anchorPosition="downCenter"
              button={<span />}
            />
          </div>
        ) : null}
      </EuiPanel>
      <EuiSpacer size="s" />
      <EuiAccordion
        id="federationGraphPictureNodes"
        buttonContent={strings.pictureNodeList(graph.nodes.length)}
        data-test-subj="federationGraphPictureNodes"
      >
        <EuiText size="s">
          <ul>
            {graph.nodes.map((node) => (
              <li key={node.key} data-test-subj="federationGraphPictureNode">
                <EuiLink onClick={() => onOpenDocument(node.document)} onKeyDown={menuKey(node)}>
                  {node.caption}
                </EuiLink>{' '}
                <EuiHealth color={colors.get(node.label)}>{node.label}</EuiHealth>{' '}
                <small>({node.key})</small>{' '}
                {expansion ? (
                  <NodeMenuPopover
                    {...menuOf(node, menu?.at === 'list' && menu.key === node.key)}
                    button={
                      <EuiButtonIcon
                        iconType="boxesHorizontal"
                        size="xs"
                        aria-label={strings.nodeMenuButton(node.caption)}
                        aria-haspopup="true"
                        aria-expanded={menu?.at === 'list' && menu.key === node.key}
                        onClick={() =>
                          setMenu((was) =>
                            was?.at === 'list' && was.key === node.key
                              ? null
                              : { key: node.key, at: 'list' }
                          )
                        }
                        data-test-subj="federationGraphNodeMenuButton"
                      />
                    }
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </EuiText>
      </EuiAccordion>
    </div>
  );
}
