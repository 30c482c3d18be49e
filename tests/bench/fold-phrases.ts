/**
 * Which of opencc's Taiwan phrase rules fire on the repository's real Chinese text (fixtures, seed
 * prompts, zh-HK strings, test prompts), with a few contexts each, and whether folding keeps them:
 * the data behind `TW_PHRASES_NOT_FOLDED` (docs/decisions/0038-chinese-folding-never-changes-a-word.md).
 * Run it again after an opencc upgrade: `npx tsx tests/bench/fold-phrases.ts`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Locale, Trie } from 'opencc-js/t2cn';
import { TW_PHRASES_NOT_FOLDED } from '../../projections/search-fold';

const files = execFileSync('git', ['grep', '-lP', '\\p{Han}', '--', 'tests', 'src/server/seed', 'src/i18n/locales/zh-HK']).toString().trim().split('\n');
const text = files.map((f) => readFileSync(f, 'utf8')).join('\n');
const [[twPhrases, ...twVariants]] = Locale.from.twp as [[string, ...string[]]];
const rules = new Map(twPhrases.split('|').map((rule) => rule.split(' ') as [string, string]));
const trie = new Trie();
trie.loadDictGroup([twPhrases, ...twVariants]);

const fired = new Map<string, { count: number; contexts: string[] }>();
for (let i = 0; i < text.length;) {
  const match = trie.matchPrefix(text, i);
  if (!match) {
    i++;
    continue;
  }
  const word = text.slice(i, match.end);
  if (rules.has(word) && rules.get(word) !== word) {
    const entry = fired.get(word) ?? { count: 0, contexts: [] };
    entry.count++;
    if (entry.contexts.length < 3) entry.contexts.push(text.slice(Math.max(0, i - 8), match.end + 8).replace(/\s+/g, ' '));
    fired.set(word, entry);
  }
  i = match.end;
}

console.log(`${files.length} files, ${(text.match(/\p{Script=Han}/gu) ?? []).length} Han characters, ${rules.size} rules, ${fired.size} fired`);
for (const [word, { count, contexts }] of [...fired].sort((a, b) => b[1].count - a[1].count)) {
  const kept = TW_PHRASES_NOT_FOLDED.has(word) ? 'not folded' : 'folded';
  console.log(`${word} → ${rules.get(word)}\t${count}\t${kept}\t${contexts.join(' ¦ ')}`);
}
