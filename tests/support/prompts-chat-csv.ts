import { writeCsv } from '../../modules/portability/csv';

/**
 * A CSV like prompts.chat's (act, prompt, for_devs): `n` distinct prompts of 110 to 1,100
 * characters (about 600 on average), a third with prompts.chat's `${name}` variables.
 */
export function promptsChatLike(n: number): string {
  const rows = Array.from({ length: n }, (_, i) => {
    const sentence = `Act as an experienced guide for case ${i + 1}: explain each step, check the facts, and keep the answer short. `;
    const vars = i % 3 === 0 ? ` Write about \${topic:history} for \${audience}.` : '';
    return [`Prompt ${i + 1} of the big library`, sentence.repeat(1 + (i % 10)) + vars, i % 5 === 0 ? 'TRUE' : 'FALSE'];
  });
  return writeCsv(['act', 'prompt', 'for_devs'], rows);
}
