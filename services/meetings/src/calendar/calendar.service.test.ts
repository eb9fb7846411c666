import { describe, expect, it } from 'vitest';
import { descriptionText } from './calendar.service.js';

describe('descriptionText: a meeting description as calendar text', () => {
  it('puts paragraphs and list items on their own lines', () => {
    const html =
      '<p>Review of the <strong>reserve</strong> policy.</p><ol><li><p>Call to order</p></li><li><p>Budget amendments</p></li></ol><p>Adjourn</p>';
    expect(descriptionText(html)).toBe(
      'Review of the reserve policy.\nCall to order\nBudget amendments\nAdjourn',
    );
  });

  it('keeps line breaks, collapses the spaces of the HTML source, and drops empty blocks', () => {
    const html =
      '<p>First line<br>second   line\n  continued</p>\n<p></p><ul>\n <li>One</li>\n <li>Two</li>\n</ul>';
    expect(descriptionText(html)).toBe('First line\nsecond line continued\nOne\nTwo');
  });

  it('shows characters as written, not as HTML entities', () => {
    expect(descriptionText('<p>Q&amp;A &lt;draft&gt; &quot;final&quot; caf&eacute;&nbsp;time</p>')).toBe(
      'Q&A <draft> "final" café time',
    );
  });
});
