/**
 * The read models, named once. Each is one projection (projections/, which takes its name
 * from here) with its own checkpoint. Cached pages and write routes declare which of them their
 * answer reads; what a write waits for, what its writer's next read waits for and what a stored
 * page's freshness is keyed on all follow from those declarations (src/server/freshness.ts).
 * Pure: browsers import it through events/route.ts.
 */
export const READ_MODELS = [
  'catalog',
  'accounts',
  'engagement',
  'collections',
  'review',
  'recent_values',
  'discussion',
  'community',
  'duplicates',
  'audit',
  'notifications',
  'tags',
] as const;

export type ReadModel = (typeof READ_MODELS)[number];

export const isReadModel = (name: string): name is ReadModel => (READ_MODELS as readonly string[]).includes(name);
