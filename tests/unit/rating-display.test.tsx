import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PromptView } from '../../modules/prompts/contracts';
import { getT } from '../../src/server/i18n';
import type { Language } from '../../src/i18n/languages';
import { PromptCard, type CardVariant } from '../../src/ui/PromptCard';

/**
 * A prompt nobody has rated reads "No ratings yet", never a bare "0"; a rated one reads as the
 * detail page and each version do: its share of Helpful and how many ratings it rests on.
 */
const prompt = (helpfulCount: number, ratingCount: number): PromptView => ({
  id: 7,
  title: 'A prompt',
  description: 'What it does',
  content: 'Do the thing',
  categoryId: 1,
  authorName: 'Ada',
  authorImage: null,
  authorId: null,
  rating: ratingCount ? Math.round(1 + (4 * helpfulCount) / ratingCount) : 0,
  ratingCount,
  helpfulCount,
  usageCount: 3,
  copyCount: 0,
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

  it('shows the share of Helpful ratings with the number of ratings, plural-aware', () => {
    expect(ratingText(prompt(1, 1), variant).visible).toBe('100% helpful · 1 rating');
    expect(ratingText(prompt(1061, 1234), variant).visible).toBe('86% helpful · 1,234 ratings');
    expect(ratingText(prompt(0, 3), variant).visible).toBe('0% helpful · 3 ratings');
    expect(ratingText(prompt(6, 12), variant, 'zh-HK').visible).toBe('50% 認為有幫助 · 12 個評分');
  });
});
