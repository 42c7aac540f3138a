import { EuiCallOut, EuiScreenReaderOnly, EuiText, euiPaletteColorBlind } from '@elastic/eui';
import type { CSSProperties } from 'react';
import type { GraphResponse } from '../../../services/api/graph_api';
import { strings } from '../strings';
import { stepsTimeline, type StepBar } from './steps_timeline';

const [TIME_COLOR, ACTUAL_COLOR, , , , ESTIMATED_COLOR] = euiPaletteColorBlind();
const TRACK = 'rgba(105, 112, 125, 0.1)';

const grid: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'minmax(12rem, 2fr) minmax(10rem, 3fr) minmax(10rem, 2fr)',
  columnGap: 16,
  rowGap: 6,
  alignItems: 'center',
};

const format = (n: number) => n.toLocaleString();

/**
 * The steps as a timing chart: a bar per step from its start to its stop on the query's time
 * axis, and beside it the step's estimated and actual rows. The drawing is hidden from screen
 * readers, which get the same numbers as a table.
 */
export function StepsChart({ response }: { response: GraphResponse }) {
  const execution = response.query_plan_execution;
  const steps = execution.steps;
  if (!steps) {
    return (
      <EuiCallOut
        size="s"
        iconType="iInCircle"
        title={strings.stepsMissing()}
        data-test-subj="federationGraphStepsMissing"
      />
    );
  }
  if (steps.length === 0) {
    return <EuiCallOut size="s" iconType="iInCircle" title={strings.stepsEmpty()} />;
  }
  const timeline = stepsTimeline(steps, execution);
  return (
    <div data-test-subj="federationGraphStepsChart">
      <EuiText size="xs">
        <div style={grid} aria-hidden="true">
          <strong>{strings.stepsColumnPattern()}</strong>
          <strong>{strings.stepsColumnTime()}</strong>
          <strong>{strings.stepsColumnRows()}</strong>
          {timeline.bars.map((bar, i) => (
            <StepRow key={i} number={i + 1} bar={bar} />
          ))}
          <span />
          <Axis ticks={timeline.ticks} />
          <Legend />
        </div>
      </EuiText>
      <EuiScreenReaderOnly>
        <table data-test-subj="federationGraphStepsTable">
          <caption>{strings.stepsChartLabel(steps.length, timeline.span)}</caption>
          <thead>
            <tr>
              <th scope="col">{strings.stepsColumnPattern()}</th>
              <th scope="col">{strings.stepsColumnStart()}</th>
              <th scope="col">{strings.stepsColumnTook()}</th>
              <th scope="col">{strings.stepsColumnEstimated()}</th>
              <th scope="col">{strings.stepsColumnActual()}</th>
            </tr>
          </thead>
          <tbody>
            {timeline.bars.map((bar, i) => (
              <tr key={i}>
                <th scope="row">{bar.pattern}</th>
                <td>{bar.offset}</td>
                <td>{bar.took}</td>
                <td>{bar.estimated === null ? strings.stepsUnknown() : bar.estimated}</td>
                <td>{bar.rows}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </EuiScreenReaderOnly>
    </div>
  );
}

/** One step: its number (steps may repeat a pattern: a reduction each way), pattern and bars. */
function StepRow({ number, bar }: { number: number; bar: StepBar }) {
  const title = strings.stepsBarTitle(bar.pattern, bar.offset, bar.took);
  return (
    <>
      <code
        title={bar.pattern}
        style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {number}. {bar.pattern}
      </code>
      <div style={{ position: 'relative', height: 16, background: TRACK, borderRadius: 2 }}>
        <div
          title={title}
          data-test-subj="federationGraphStepBar"
          style={{
            position: 'absolute',
            top: 2,
            bottom: 2,
            left: `${bar.left}%`,
            width: `${bar.width}%`,
            background: TIME_COLOR,
            borderRadius: 2,
          }}
        />
      </div>
      <div>
        <RowsBar
          width={bar.estimatedWidth}
          color={ESTIMATED_COLOR}
          value={bar.estimated === null ? strings.stepsUnknown() : format(bar.estimated)}
          dashed
        />
        <RowsBar width={bar.rowsWidth} color={ACTUAL_COLOR} value={format(bar.rows)} />
      </div>
    </>
  );
}

function RowsBar({
  width,
  color,
  value,
  dashed = false,
}: {
  width: number | null;
  color: string;
  value: string;
  dashed?: boolean;
}) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 6, height: 14 }}>
      <div style={{ flex: '1 1 auto', height: 6, background: TRACK, borderRadius: 2 }}>
        <div
          style={{
            width: `${width ?? 0}%`,
            height: '100%',
            background: dashed ? 'transparent' : color,
            border: dashed ? `1px dashed ${color}` : undefined,
            boxSizing: 'border-box',
            borderRadius: 2,
          }}
        />
      </div>
      <span style={{ minWidth: '4em', textAlign: 'right' }}>{value}</span>
    </div>
  );
}

function Axis({ ticks }: { ticks: number[] }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between' }}>
      {ticks.map((tick, i) => (
        <span key={i}>{tick} ms</span>
      ))}
    </div>
  );
}

function Legend() {
  const swatch = (color: string, dashed: boolean): CSSProperties => ({
    display: 'inline-block',
    width: 12,
    height: 6,
    marginRight: 4,
    background: dashed ? 'transparent' : color,
    border: dashed ? `1px dashed ${color}` : undefined,
  });
  return (
    <div>
      <span style={swatch(ESTIMATED_COLOR, true)} />
      {strings.stepsEstimatedLegend()}{' '}
      <span style={{ ...swatch(ACTUAL_COLOR, false), marginLeft: 8 }} />
      {strings.stepsActualLegend()}
    </div>
  );
}
