import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PromptView } from '../../modules/prompts/contracts';
import { getT } from '../../src/i18n/server';
import type { Language } from '../../src/i18n/languages';
import { PromptCard, type CardVariant } from '../../src/ui/PromptCard';

/**
 * A prompt nobody has rated reads "No ratings yet", never a
 * bare "0" beside an empty star; a rated one says how many ratings its score rests on.
 */
const prompt = (rating: number, ratingCount: number): PromptView => ({
  id: 7,
  title: 'A prompt',
  description: 'What it does',
  content: 'Do the thing',
  categoryId: 1,
  authorName: 'Ada',
  authorImage: null,
  authorId: null,
  rating,
  ratingCount,
  usageCount: 3,
  isFeatured: true,
  isEditorsPick: false,
  isApproved: true,
  reviewedBy: 1,
  reviewedAt: null,
  createdAt: '2026-01-02T00:00:00.000Z',
  version: 1,
});

/** The inside of the element marked `data-testid="rating-stat"`, its nested spans balanced. */
function statMarkup(html: string): string {
  const at = html.indexOf('data-testid="rating-stat"');
  expect(at, html).toBeGreaterThan(-1);
  const start = html.indexOf('>', at) + 1;
  let depth = 1;
  const tags = /<(\/?)span\b[^>]*>/g;
  tags.lastIndex = start;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, m.index);
  }
  throw new Error(`unbalanced: ${html}`);
}

/** The card's rating as a reader sees it (screen-reader words left out) and everything in it. */
function ratingText(p: PromptView, variant: CardVariant, lng: Language = 'en') {
  const inner = statMarkup(renderToStaticMarkup(<PromptCard prompt={p} variant={variant} t={getT(lng)} lng={lng} />));
  const visible = inner.replace(/<span class="sr-only">.*?<\/span>/s, '');
  return { visible: visible.replace(/<[^>]+>/g, '').trim(), all: inner.replace(/<[^>]+>/g, ' ') };
}

describe.each<CardVariant>(['default', 'compact', 'featured'])('the %s card', (variant) => {
  it('reads "No ratings yet" while nobody has rated the prompt', () => {
    expect(ratingText(prompt(0, 0), variant).visible).toBe('No ratings yet');
    expect(ratingText(prompt(0, 0), variant, 'zh-HK').visible).toBe('尚未有評分');
  });

  it('shows the score with the number of ratings, plural-aware', () => {
    expect(ratingText(prompt(5, 1), variant).visible).toBe('5 · 1 rating');
    expect(ratingText(prompt(4, 1234), variant).visible).toBe('4 · 1,234 ratings');
    expect(ratingText(prompt(4, 12), variant, 'zh-HK').visible).toBe('4 · 12 個評分');
    // Screen readers hear the scale and the count, not a bare digit.
    expect(ratingText(prompt(4, 12), variant).all).toContain('Rating: 4 out of 5, 12 ratings');
  });
});
