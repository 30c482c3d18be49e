/** The product's categories: reference data, identical on every install. */
export interface Category {
  id: number;
  name: string;
  slug: string;
  description: string;
  /** An icon name the UI maps to an SVG. */
  icon: string;
}

export const categories: readonly Category[] = [
  { id: 1, name: 'Writing', slug: 'writing', description: 'Drafting, editing and polishing text of every kind.', icon: 'PenLine' },
  { id: 2, name: 'Coding', slug: 'coding', description: 'Writing, reviewing, explaining and debugging code.', icon: 'Code' },
  { id: 3, name: 'Marketing', slug: 'marketing', description: 'Campaigns, copy, positioning and customer research.', icon: 'Megaphone' },
  { id: 4, name: 'Creative', slug: 'creative', description: 'Stories, worlds, ideas and play.', icon: 'Sparkles' },
  { id: 5, name: 'Education', slug: 'education', description: 'Learning, teaching and explaining.', icon: 'GraduationCap' },
];

/** What a prompt whose category is not known shows, so a page never fails on it. */
export const unknownCategory: Category = { id: 0, name: 'Unknown', slug: 'unknown', description: '', icon: 'Book' };

export function categoryById(id: number): Category {
  return categories.find((c) => c.id === id) ?? unknownCategory;
}

export function categoryBySlug(slug: string): Category | undefined {
  return categories.find((c) => c.slug === slug);
}
