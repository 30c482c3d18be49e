/**
 * A prompt's rating from its users' current ratings, each 1 (Not Helpful) or 5 (Helpful):
 * round(mean) = round(1 + 4 × helpful / count), 0 while nobody has rated. The catalog folds it
 * from its running counters and the engagement tally from the ratings table (the rater's answer
 * needs no catalog catch-up); both take it from here, so the two can never disagree.
 * `helpful` and `count` are SQL expressions, each evaluated where it stands.
 */
export function ratingSql(helpful: string, count: string): string {
  return `case when ${count} = 0 then 0 else round((4.0 * ${helpful} + ${count}) / ${count})::int end`;
}
