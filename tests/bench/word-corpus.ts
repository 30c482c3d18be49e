// Text with the word frequencies of real writing, for benchmarks whose speed depends on how
// common a query's words are. Repeating a few real paragraphs (the search bench's other corpus)
// makes every word of them common; here each word follows another as often as it does in real
// text: a first-order chain over English (the READMEs of the installed packages) and over
// Traditional Chinese characters (the site's zh-HK texts and the seed prompts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

type Random = () => number;

interface Chain {
  /** Every token that follows each token, as often as it does in the source. */
  next: Map<string, string[]>;
  starts: string[];
  joiner: string;
}

function chainOf(tokens: string[], joiner: string): Chain {
  const next = new Map<string, string[]>();
  const starts: string[] = [];
  for (let i = 0; i < tokens.length - 1; i++) {
    const list = next.get(tokens[i]) ?? [];
    list.push(tokens[i + 1]);
    next.set(tokens[i], list);
    if (i === 0 || /[.。!！?？]$/.test(tokens[i - 1])) starts.push(tokens[i]);
  }
  return { next, starts: starts.length ? starts : tokens.slice(0, 1), joiner };
}

function readmes(root: string, budget: number): string {
  const texts: string[] = [];
  let size = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (size >= budget) return;
      const path = join(dir, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat?.isDirectory()) walk(path);
      else if (stat?.isFile() && /^readme\.md$/i.test(name)) {
        const text = readFileSync(path, 'utf8');
        texts.push(text);
        size += text.length;
      }
    }
  };
  walk(root);
  return texts.join('\n');
}

/** Prose only: code blocks, inline code, links' targets, tags and markup go. */
function prose(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\]\([^)]*\)/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
}

function englishChain(): Chain {
  const words = prose(readmes('node_modules', 4_000_000)).match(/[A-Za-z][A-Za-z'-]*[.,!?]?/g) ?? [];
  return chainOf(words, ' ');
}

function chineseChain(sources: string[]): Chain {
  const characters = sources.join('。').match(/[\p{Script=Han}，。、！？：；]/gu) ?? [];
  return chainOf(characters, '');
}

function walkChain(chain: Chain, random: Random, length: number): string {
  const out: string[] = [];
  let size = 0;
  let token = chain.starts[Math.floor(random() * chain.starts.length)];
  while (size < length) {
    out.push(token);
    size += token.length + chain.joiner.length;
    const options = chain.next.get(token);
    token = options ? options[Math.floor(random() * options.length)] : chain.starts[Math.floor(random() * chain.starts.length)];
  }
  return out.join(chain.joiner);
}

/** `text(language, length)`: about `length` characters of English or Chinese with real word frequencies. */
export function wordCorpus(chineseSources: string[], random: Random) {
  const english = englishChain();
  const chinese = chineseChain(chineseSources);
  return {
    text: (language: 'en' | 'zh', length: number) => walkChain(language === 'en' ? english : chinese, random, length),
    sizes: { englishWords: english.next.size, chineseCharacters: chinese.next.size },
  };
}
