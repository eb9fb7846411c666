import { readFileSync } from 'node:fs';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MeetingInfoPanel } from '@/features/meetings/components/meeting-info-panel';
import { makeMeeting } from '@/features/meetings/test-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

/** The global stylesheet's `.rich-text` rules (plain CSS, so the test DOM can apply them). */
function richTextRules(): string {
  // Read from disk: the test run replaces stylesheet imports (even ?raw) with empty text.
  const globalCss = readFileSync(`${import.meta.dirname}/../../../index.css`, 'utf8');
  return (globalCss.match(/\.rich-text[^{]*\{[^}]*\}/g) ?? []).join('\n');
}

describe('MeetingInfoPanel', () => {
  it("shows the description's lists with bullets and numbers, as the editor does", async () => {
    const style = document.createElement('style');
    style.textContent = richTextRules();
    document.head.append(style);
    try {
      mockFetch({});
      const meeting = makeMeeting({
        description: '<p>Agenda</p><ul><li>Budget</li></ul><ol><li>Minutes</li></ol>',
      });
      const element = <MeetingInfoPanel meeting={meeting} committeeCode="FIN" />;
      renderApp('/', { routes: [{ path: '/', element }] });
      const bullets = (await screen.findByText('Budget')).closest('ul') as HTMLElement;
      const numbers = screen.getByText('Minutes').closest('ol') as HTMLElement;
      expect(getComputedStyle(bullets).listStyleType).toBe('disc');
      expect(getComputedStyle(numbers).listStyleType).toBe('decimal');
      expect(getComputedStyle(bullets).paddingInlineStart).toBe('1.5rem');
    } finally {
      style.remove();
    }
  });

  it.each([
    ['no description', null],
    ['a blank description', '  '],
  ])("says 'No additional details available' for %s", async (_, description) => {
    mockFetch({});
    const element = <MeetingInfoPanel meeting={makeMeeting({ description })} committeeCode="FIN" />;
    renderApp('/', { routes: [{ path: '/', element }] });
    expect(await screen.findByText('No additional details available')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'November Meeting' })).toBeTruthy();
  });

  it('shows the description instead of the empty text when there is one', async () => {
    mockFetch({});
    const element = <MeetingInfoPanel meeting={makeMeeting()} committeeCode="FIN" />;
    renderApp('/', { routes: [{ path: '/', element }] });
    expect(await screen.findByText('Budget review')).toBeTruthy();
    expect(screen.queryByText('No additional details available')).toBeNull();
  });
});
