import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildJoinRequest } from './build_join_request';
import { INITIAL_JOIN_FORM } from './join_form';
import { RequestView } from './request_view';

const built = buildJoinRequest({
  ...INITIAL_JOIN_FORM,
  parentIndex: 'companies',
  child: { name: 'articles', virtual: false },
  parentField: 'id',
  childField: 'company_id',
});
if (!built.ok) throw new Error('the form should be complete');

describe('RequestView tabs and the keyboard', () => {
  it('switches JSON / curl with the arrow keys, Home and End, the panel following', async () => {
    const user = userEvent.setup();
    render(<RequestView request={built.request} problems={[]} origin="http://osd" />);
    const json = screen.getByRole('tab', { name: 'JSON' });
    const curl = screen.getByRole('tab', { name: 'curl' });
    expect([json.tabIndex, curl.tabIndex]).toEqual([0, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'JSON' });
    expect(json.getAttribute('aria-controls')).toBe(panel.id);
    expect(curl.getAttribute('aria-controls')).toBe(panel.id);
    expect(
      panel.querySelector('[data-test-subj="federationJoinExplorerRequestJson"]')
    ).toBeTruthy();

    json.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(curl);
    expect(curl.getAttribute('aria-selected')).toBe('true');
    expect(
      screen
        .getByRole('tabpanel', { name: 'curl' })
        .querySelector('[data-test-subj="federationJoinExplorerRequestCurl"]')
    ).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(json);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(curl);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(json);
    expect(json.getAttribute('aria-selected')).toBe('true');
  });
});
