import {
  EuiAccordion,
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
import { lazy, Suspense, useMemo } from 'react';
import { parseGql } from '../../../../common/gql';
import type { GraphDocument, GraphModelJson } from '../../../services/api/graph_api';
import { strings } from '../strings';
import { drawingElements, labelColors } from './drawing_elements';
import { extractSubgraph, type Subgraph } from './subgraph';

const CytoscapeDrawing = lazy(() => import('./cytoscape_drawing'));

// Twenty colours: the colour-blind-safe palette and its second rotation.
const PALETTE = euiPaletteColorBlind({ rotations: 2 });

/**
 * The matched subgraphs as a node-link picture, for results small enough to draw: nodes are the
 * documents of the selected whole variables, coloured by label; edges follow the MATCH pattern.
 */
export function SubgraphPicture({
  query,
  rows,
  model,
  onOpenDocument,
}: {
  /** The query that produced the rows (its pattern says which variables are linked). */
  query: string;
  rows: readonly (readonly unknown[])[];
  model: GraphModelJson;
  onOpenDocument: (document: GraphDocument) => void;
}) {
  const result = useMemo(() => {
    const { statement } = parseGql(query);
    return statement ? extractSubgraph(statement, rows, model) : null;
  }, [query, rows, model]);

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
  return <Picture graph={result.graph} onOpenDocument={onOpenDocument} />;
}

function Picture({
  graph,
  onOpenDocument,
}: {
  graph: Subgraph;
  onOpenDocument: (document: GraphDocument) => void;
}) {
  const colors = useMemo(() => labelColors(graph.labels, PALETTE), [graph]);
  const elements = useMemo(() => drawingElements(graph, colors), [graph, colors]);
  const byKey = useMemo(() => new Map(graph.nodes.map((node) => [node.key, node])), [graph]);
  const open = (key: string) => {
    const node = byKey.get(key);
    if (node) onOpenDocument(node.document);
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
            {strings.pictureHint()}
          </EuiText>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      <EuiPanel hasBorder paddingSize="none">
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
            ariaLabel={strings.pictureAriaLabel(graph.nodes.length, graph.edges.length)}
          />
        </Suspense>
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
              <li key={node.key}>
                <EuiLink onClick={() => onOpenDocument(node.document)}>{node.caption}</EuiLink>{' '}
                <EuiHealth color={colors.get(node.label)}>{node.label}</EuiHealth>{' '}
                <small>({node.key})</small>
              </li>
            ))}
          </ul>
        </EuiText>
      </EuiAccordion>
    </div>
  );
}
