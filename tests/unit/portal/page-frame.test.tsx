// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageFrame } from '../../../src/portal/ui/page/page-frame';

afterEach(cleanup);

describe('PageFrame', () => {
  it('draws the heading, the intro and the content in that order, under the page block class', () => {
    const { container } = render(
      <PageFrame name="sample-page" title="Heading" intro="What this page is for" actions={<button type="button">Act</button>}>
        <p>Content</p>
      </PageFrame>,
    );
    expect(container.firstElementChild).toHaveClass('page', 'sample-page');
    expect(screen.getByRole('heading', { level: 1, name: 'Heading' })).toBeInTheDocument();
    const texts = [...container.querySelectorAll('h1, p, button')].map((element) => element.textContent);
    expect(texts).toEqual(['Heading', 'Act', 'What this page is for', 'Content']);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('stands placeholder lines for the content while it loads, and the error as an alert when it failed', () => {
    const { rerender, container } = render(<PageFrame name="sample-page" title="Heading" pending skeletonLines={3} />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(container.querySelectorAll('.skeleton__line')).toHaveLength(3);
    // A failure wins over a pending retry: the learner reads why, not a shimmer.
    rerender(<PageFrame name="sample-page" title="Heading" pending loadError="Could not load" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('leaves the heading to the page when it gives none', () => {
    render(
      <PageFrame name="sample-page">
        <h1>Own heading</h1>
      </PageFrame>,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
