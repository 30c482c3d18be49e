import { ConverterFactory, Locale, Trie, type DictGroup, type DictLike } from 'opencc-js/t2cn';

/**
 * The search engine's folding (pure, server only: opencc's tables stay out of the browser).
 * The index and the query go through the same `fold`, so what matches is decided by one
 * function:
 *
 * - NFKC: full-width letters, digits and punctuation become their half-width forms;
 * - lower case, and the accents of Latin, Greek and Cyrillic letters dropped (`café` = `cafe`;
 *   Japanese voicing marks stay: they change the word);
 * - Chinese folded to Simplified with opencc's data: characters always, then Hong Kong's
 *   character variants; Taiwan's vocabulary (`程式碼` → `代码`, `搜尋` → `搜索`) only where the
 *   Taiwanese word means nothing else (`TW_PHRASES_NOT_FOLDED`).
 */

const HAN = /\p{Script=Han}/u;
const ACCENTED = /([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])\p{M}+/gu;

/**
 * opencc's Taiwan-to-mainland phrase rules that folding leaves out, read off every Chinese text
 * in the repository's fixtures, seed prompts and zh-HK strings (docs/decisions/0038-chinese-folding-never-changes-a-word.md). opencc
 * applies them to any text, as if it were Taiwanese, so each rule here turned a word into
 * another one:
 *
 * - the Taiwanese word is an everyday word elsewhere with another meaning (`行程` an itinerary,
 *   not a process; `資料` information, not data; `即時` at once, not real time; `登出` log out,
 *   not deregister);
 * - or the same word is the mainland's own (`複製`, `建立`, `執行`, `查詢` are written `复制`,
 *   `建立`, `执行`, `查询` there): rewriting it to a synonym (`拷贝`, `创建`, `运行`, `查找`)
 *   made the Simplified spelling miss the Traditional one that characters alone would match.
 *
 * Longer rules stay (`資料庫` → `数据库`, `資料夾` → `文件夹`, `程式碼` → `代码`, `程序導向`):
 * the longest match wins, so dropping `資料` leaves them.
 */
export const TW_PHRASES_NOT_FOLDED: ReadonlySet<string> = new Set([
  // Another meaning.
  '行程', // itinerary → 進程 (a process)
  '程序', // a procedure, and the mainland's "program" → 進程 (a process)
  '資料', // information, materials → 數據 (data)
  '資料包', // an information pack → 數據報 (a datagram)
  '文件', // the mainland's "file" → 文檔 (a document)
  '檔案', // an archive, a record → 文件
  '即時', // at once → 實時 (real time)
  '查詢', // an enquiry → 查找 (to look for)
  '存取', // access → 訪問 (to visit)
  '執行', // to carry out → 運行 (to run)
  '支援', // aid, backing → 支持 (support, endorsement)
  '社群', // a community, a group → 社區 (a neighbourhood)
  '登出', // to log out → 註銷 (to cancel, deregister)
  '啟用', // to enable → 激活 (to activate)
  '訊息', // a message → 消息 (news)
  // The mainland writes the same word (a synonym would hide it).
  '複製', // 复制 → 拷貝
  '建立', // 建立 → 創建
  '設定', // 设定 → 設置
  '開啟', // 开启 → 打開
  '傳送', // 传送 → 發送
  '載入', // 载入 → 加載
  '新增', // 新增 → 添加
  '儲存', // 储存 → 保存
  '連結', // 连结 → 鏈接
  '連線', // 连线 → 連接
  '聯絡', // 联络 → 聯繫
  '資訊', // 资讯 → 信息
  '互動', // 互动 → 交互
  '線上', // 线上 → 在線
  '離線', // 离线 → 脫機
  '存檔', // 存档 → 存盤
  '重新命名', // 重新命名 → 重命名
]);

type Convert = (s: string) => string;
type Config = { normalizationChain?: DictGroup[]; segmentation: DictLike | DictGroup; conversionChain: DictGroup[] };

const tries: { dicts: DictLike[]; trie: Trie }[] = [];

/** A trie of a group of dictionaries, built once: both conversions share their Simplified tables. */
function trieOf(group: DictGroup | DictLike): Trie {
  const dicts = typeof group === 'string' ? [group] : [...(group as DictGroup)];
  const known = tries.find((t) => t.dicts.length === dicts.length && t.dicts.every((d, i) => d === dicts[i]));
  if (known) return known.trie;
  const trie = new Trie();
  trie.loadDictGroup(dicts);
  tries.push({ dicts, trie });
  return trie;
}

/**
 * One of opencc's configured conversions, as its `Converter` runs it (normalise, cut the text
 * at Traditional-to-Simplified phrases, convert each piece through the chain): the package
 * does not export the builder that would take a changed chain.
 */
function configured({ normalizationChain, segmentation, conversionChain }: Config): Convert {
  const normalise = normalizationChain ? ConverterFactory(...normalizationChain) : (s: string) => s;
  const cutter = trieOf(segmentation);
  const chain = conversionChain.map(trieOf);
  return (text) =>
    cutter
      .segment(normalise(text))
      .map((piece) => chain.reduce((s, trie) => trie.convert(s), piece))
      .join('');
}

let converters: { phrases: Convert; hongKong: Convert } | null = null;

/** Built on first use (about 20 ms): a process that never searches Chinese never pays it. */
function chinese() {
  if (!converters) {
    const configs = Locale.configs as Record<string, Config>;
    const [[twPhrases, ...twVariants], ...toSimplified] = configs.tw2sp.conversionChain as [[string, ...DictLike[]], ...DictGroup[]];
    const kept = twPhrases
      .split('|')
      .filter((rule) => !TW_PHRASES_NOT_FOLDED.has(rule.slice(0, rule.indexOf(' '))))
      .join('|');
    converters = {
      phrases: configured({ ...configs.tw2sp, conversionChain: [[kept, ...twVariants], ...toSimplified] }),
      hongKong: configured(configs.hk2s),
    };
  }
  return converters;
}

export function fold(text: string): string {
  const latin = text.normalize('NFKC').toLowerCase().normalize('NFD').replace(ACCENTED, '$1').normalize('NFC');
  if (!HAN.test(latin)) return latin;
  const { phrases, hongKong } = chinese();
  return hongKong(phrases(latin));
}

const charMemo = new Map<string, string>();

/**
 * One character folded on its own (character level only: no phrase is seen), memoised:
 * what highlighting uses to map folded matches back onto the original text.
 */
export function foldChar(ch: string): string {
  let folded = charMemo.get(ch);
  if (folded === undefined) {
    folded = fold(ch);
    if (charMemo.size < 50_000) charMemo.set(ch, folded);
  }
  return folded;
}

/** Chinese, Japanese and Korean characters: indexed one by one and in adjacent pairs. */
export const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u30FC]/u;

export interface Token {
  /** A Latin (or other alphabetic) word, or a run of CJK characters. */
  text: string;
  cjk: boolean;
  /** Its first position; a CJK run takes one position per character. */
  position: number;
}

const WORDS = /[\p{L}\p{N}\p{M}]+/gu;
/** Longer "words" are data (hashes, base64), not something a person types. */
const LONGEST_WORD = 60;

/** The words and CJK runs of already folded text, with positions counted from `start`. */
export function tokens(folded: string, start = 1): Token[] {
  const out: Token[] = [];
  let position = start;
  for (const [word] of folded.matchAll(WORDS)) {
    let latin = '';
    let run = '';
    const flushLatin = () => {
      if (latin && latin.length <= LONGEST_WORD) out.push({ text: latin, cjk: false, position: position++ });
      latin = '';
    };
    const flushRun = () => {
      if (run) {
        out.push({ text: run, cjk: true, position });
        position += Array.from(run).length;
      }
      run = '';
    };
    for (const ch of word) {
      if (CJK_CHAR.test(ch)) {
        flushLatin();
        run += ch;
      } else {
        flushRun();
        latin += ch;
      }
    }
    flushLatin();
    flushRun();
  }
  return out;
}

let writers: { hongKong: (s: string) => string; taiwan: (s: string) => string } | null = null;

/**
 * The other Chinese scripts' spellings of a query (Hong Kong's and Taiwan's, phrases and all,
 * and Simplified), those that fold to something else than the query does: folding reads text
 * as Traditional, so a Simplified word that is another Traditional phrase (`程序` folds as `进程`)
 * misses what the other script writes (`程式`). The empty state offers the one that finds
 * something. opencc's Simplified→Traditional tables (about 1 MB) load on the first call.
 */
export async function otherScriptSpellings(q: string): Promise<string[]> {
  if (!HAN.test(q)) return [];
  if (!writers) {
    const { Converter: FromSimplified } = await import('opencc-js/cn2t');
    writers = { hongKong: FromSimplified({ from: 'cn', to: 'hk' }), taiwan: FromSimplified({ from: 'cn', to: 'twp' }) };
  }
  const folded = fold(q);
  const spellings = [writers.hongKong(q), writers.taiwan(q), chinese().hongKong(chinese().phrases(q))];
  return [...new Set(spellings)].filter((s) => s !== q && fold(s) !== folded);
}
