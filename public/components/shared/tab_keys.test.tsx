import { EuiTab, EuiTabs } from '@elastic/eui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useTabKeys } from './tab_keys';

type Id = 'a' | 'b' | 'c';
const IDS: readonly Id[] = ['a', 'b', 'c'];
const LABELS: Record<Id, string> = { a: 'Alpha', b: 'Beta', c: 'Gamma' };

function Harness() {
  const [selected, setSelected] = useState<Id>('a');
  const { tabListProps, tabProps, panelProps } = useTabKeys({
    ids: IDS,
    selectedId: selected,
    onSelect: setSelected,
    idPrefix: 'testTab',
    panelId: 'testPanel',
  });
  return (
    <>
      <button type="button">Before</button>
      <EuiTabs aria-label="Views" {...tabListProps}>
        {IDS.map((id) => (
          <EuiTab
            key={id}
            {...tabProps(id)}
            isSelected={id === selected}
            onClick={() => setSelected(id)}
          >
            {LABELS[id]}
          </EuiTab>
        ))}
      </EuiTabs>
      <div {...panelProps}>
        <button type="button">Inside {LABELS[selected]}</button>
      </div>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('useTabKeys', () => {
  it('keeps only the selected tab in the Tab order and ties tabs and panel together', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(IDS.map((id) => tab(LABELS[id]).tabIndex)).toEqual([0, -1, -1]);
    for (const id of IDS) {
      expect(tab(LABELS[id]).getAttribute('aria-controls')).toBe('testPanel');
      expect(tab(LABELS[id]).id).toBe(`testTab-${id}`);
    }
    expect(screen.getByRole('tabpanel', { name: 'Alpha' }).id).toBe('testPanel');
    // OUI's own roles stay single: one tablist, aria-selected from isSelected.
    expect(screen.getAllByRole('tablist')).toHaveLength(1);

    // Tab: from before the list onto the selected tab, then straight into the panel.
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(document.activeElement).toBe(tab('Alpha'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside Alpha' }));
  });

  it('moves focus and selection with ArrowRight / ArrowLeft, wrapping at both ends', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    tab('Alpha').focus();

    await user.keyboard('{ArrowRight}');
    expect(selectedTab()).toBe(tab('Beta'));
    expect(document.activeElement).toBe(tab('Beta'));
    expect(IDS.map((id) => tab(LABELS[id]).tabIndex)).toEqual([-1, 0, -1]);
    expect(screen.getByRole('tabpanel', { name: 'Beta' }).textContent).toBe('Inside Beta');

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(selectedTab()).toBe(tab('Alpha'));
    expect(document.activeElement).toBe(tab('Alpha'));

    await user.keyboard('{ArrowLeft}');
    expect(selectedTab()).toBe(tab('Gamma'));
    expect(document.activeElement).toBe(tab('Gamma'));

    await user.keyboard('{ArrowLeft}');
    expect(selectedTab()).toBe(tab('Beta'));
    expect(document.activeElement).toBe(tab('Beta'));
  });

  it('moves to the first and last tab with Home and End', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    tab('Alpha').focus();

    await user.keyboard('{End}');
    expect(selectedTab()).toBe(tab('Gamma'));
    expect(document.activeElement).toBe(tab('Gamma'));

    await user.keyboard('{Home}');
    expect(selectedTab()).toBe(tab('Alpha'));
    expect(document.activeElement).toBe(tab('Alpha'));
  });

  it('leaves modified arrows (Alt+ArrowLeft is Back) and keys outside the tabs alone', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    tab('Alpha').focus();
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}{Shift>}{End}{/Shift}');
    expect(selectedTab()).toBe(tab('Alpha'));

    screen.getByRole('button', { name: 'Inside Alpha' }).focus();
    await user.keyboard('{ArrowRight}{End}');
    expect(selectedTab()).toBe(tab('Alpha'));
  });
});
