export type CategorySlug = 'writing' | 'coding' | 'marketing' | 'creative' | 'education';

export interface SeedPrompt {
  title: string; // 5..100 characters
  description: string; // 20..500 characters, one or two sentences saying what the prompt does and when to use it
  content: string; // 80..5000 characters: the full prompt text a user pastes into an AI chat tool
  category: CategorySlug;
  authorName: string; // 2+ characters
  isFeatured?: boolean;
  isEditorsPick?: boolean;
  /** How many times it has been used so far (drives "Most Popular"); 0..400 */
  uses: number;
  /** How many days before the seed date it was submitted; 0..120 */
  daysAgo: number;
}

export const seedPrompts: SeedPrompt[] = [
  // ---------------------------------------------------------------------------
  // WRITING
  // ---------------------------------------------------------------------------
  {
    title: 'Clarity Editor: Tighten Any Draft',
    description:
      'Cuts wordiness, fixes unclear sentences and flags weak arguments while keeping your voice. Use it on any draft that feels long, vague or hard to follow.',
    content: `You are a meticulous line editor who values clarity above everything else. Your job is to make my draft shorter and clearer without changing its meaning or flattening my voice.

Context:
- Audience: {{Audience}}
- Purpose: {{Purpose}}
- Target length: {{Target length}}

Draft:
"""
{{Draft}}
"""

Follow these steps:
1. Read the whole draft once and state its main point in one sentence. If you cannot, tell me that first — it means the draft has a focus problem.
2. Produce an edited version that:
   - removes filler words, throat-clearing openers and repeated ideas;
   - turns passive voice into active voice where it helps;
   - splits sentences longer than about 30 words;
   - replaces jargon with plain words unless the audience needs the term;
   - keeps my examples, facts and any distinctive phrasing.
3. Do not add new claims or facts. If something needs support, mark it with [NEEDS SOURCE].

Output format:
**Main point:** one sentence
**Edited draft:** the full revised text
**What I changed:** a bulleted list of the 5–8 most important edits and why
**Open questions:** anything ambiguous I should decide myself
**Word count:** before → after`,
    category: 'writing',
    authorName: 'Maya Chen',
    isFeatured: true,
    uses: 342,
    daysAgo: 97,
  },
  {
    title: 'Executive Summary From a Long Report',
    description:
      'Turns a long report, paper or document into a one-page executive summary with key findings, risks and recommendations. Ideal before a leadership meeting.',
    content: `Act as a chief of staff who writes summaries for senior executives with very little time.

Summarise the document below for {{Audience}}.
Their main decision or concern is: {{Their main decision or concern}}.

Document:
"""
{{Report or document}}
"""

Rules:
- Maximum 300 words in total.
- Lead with the conclusion, not the background.
- Use numbers from the document wherever possible; never invent figures.
- If the document contradicts itself or is missing something important for the decision, say so explicitly.
- Plain English, no buzzwords.

Output format:
1. **Bottom line** (2 sentences maximum)
2. **Key findings** (3–5 bullets, each starting with the fact, then why it matters)
3. **Risks and unknowns** (2–4 bullets)
4. **Recommended next steps** (numbered, each with a suggested owner if obvious)
5. **One question to ask the authors**`,
    category: 'writing',
    authorName: 'Daniel Okafor',
    uses: 188,
    daysAgo: 64,
  },
  {
    title: 'Cover Letter Tailored to a Job Posting',
    description:
      'Writes a focused, non-generic cover letter that maps your real experience to the requirements in a specific job ad. Use it for every application instead of reusing one template.',
    content: `You are an experienced recruiter who has read thousands of cover letters and knows which ones get interviews.

Write a cover letter for me using only the information below. Do not invent experience, employers or numbers.

Job posting:
"""
{{Job ad}}
"""

My background:
"""
{{CV}}
"""

Why I want this role: {{Why I want this role}}
Tone: {{Tone}}

Process:
1. Identify the 3 requirements in the posting that matter most to the employer.
2. For each one, find the strongest matching evidence in my background.
3. Write the letter:
   - Opening: a specific reason I am interested in this company — no "I am writing to apply for…".
   - Body: 2 short paragraphs proving fit with concrete examples and results.
   - Closing: a confident, polite call to action.
   - 250–350 words, no clichés such as "team player" or "passionate".

Then list:
- **Gaps:** any key requirement I do not clearly meet, with a suggestion for how to address it honestly.
- **Customise before sending:** places I should personalise further.`,
    category: 'writing',
    authorName: 'Priya Raman',
    uses: 276,
    daysAgo: 112,
  },
  {
    title: 'Blog Post Outline Built Around Reader Intent',
    description:
      'Creates a detailed blog post outline based on what the reader is actually searching for, with headings, key points and examples. Use it before drafting any article.',
    content: `You are a content strategist and editor who plans articles that genuinely answer readers' questions.

Topic: {{Topic}}
Target reader: {{Target reader}}
Main search phrase or question: {{Main search phrase or question}}
Desired length: {{Desired length}}
My angle or unique experience: {{My angle or unique experience}}

Please:
1. Describe the reader's intent in 2 sentences: what problem are they trying to solve right now?
2. List 5 questions this reader is likely to have, in the order they would ask them.
3. Propose 3 possible headlines (under 65 characters, specific, no clickbait).
4. Build the outline:
   - Introduction: the hook and the promise of the article
   - 4–7 H2 sections, each with 2–4 bullet points of what to cover, and one suggested example, statistic type or story
   - A practical takeaway section (checklist, template or steps)
   - Conclusion with a clear next step for the reader
5. Note which sections need my personal experience and which need research, marked [EXPERIENCE] or [RESEARCH].

Keep the outline skimmable. Do not write the full article.`,
    category: 'writing',
    authorName: 'Lucas Moreau',
    uses: 94,
    daysAgo: 41,
  },
  {
    title: 'Meeting Notes to Action Items',
    description:
      'Converts messy meeting notes or a transcript into a clean recap with decisions, owners and deadlines. Paste it in right after a meeting and send the result to attendees.',
    content: `You are an efficient project coordinator. Turn the raw meeting notes below into a clear recap that attendees can act on.

Meeting: {{Meeting name}}
Date: {{Date}}
Attendees: {{Attendees}}

Raw notes or transcript:
"""
{{Notes or transcript}}
"""

Instructions:
- Separate what was DECIDED from what was only DISCUSSED.
- Every action item must have an owner and a due date. If either is missing from the notes, write "Owner: TBC" or "Due: TBC" — never guess.
- Keep neutral wording; do not attribute opinions to people unless the notes clearly do.
- Remove small talk and repeated points.

Output format:
**Summary** (3 sentences maximum)

**Decisions**
- …

**Action items**
| # | Action | Owner | Due |
|---|--------|-------|-----|

**Open questions / parking lot**
- …

**Suggested agenda for the next meeting**
- …

Finish with a short, friendly email (under 120 words) I can send to the attendees with this recap.`,
    category: 'writing',
    authorName: 'Promptory',
    uses: 231,
    daysAgo: 118,
  },
  {
    title: 'Difficult Conversation Email Drafter',
    description:
      'Helps you write a calm, clear email about a sensitive topic such as saying no, giving critical feedback or raising a problem. Use it when you are tempted to write something you might regret.',
    content: `You are a thoughtful communication coach who helps people write honest messages that protect relationships.

Situation: {{Situation}}
Recipient: {{Recipient}}
What I need from this email: {{What I need from this email}}
What I want to avoid: {{What I want to avoid}}
My first draft (optional):
"""
{{My draft:none}}
"""

Steps:
1. Restate the core message in one neutral sentence.
2. Point out any phrases in my draft that could be read as blaming, passive-aggressive or vague.
3. Write the email using this structure:
   - Acknowledge the context or the other person's perspective (1–2 sentences)
   - State the issue or decision clearly and early
   - Explain briefly, with facts rather than judgements
   - Propose a next step or an alternative
   - Close warmly and professionally
4. Keep it under 200 words.

Give me two versions: **Direct** and **Softer**. Then give one sentence of advice on whether this conversation would be better in person or on a call.`,
    category: 'writing',
    authorName: 'Sofia Alvarez',
    isEditorsPick: true,
    uses: 157,
    daysAgo: 33,
  },
  {
    title: '正式商業電郵撰寫助手',
    description: '根據你提供的重點，撰寫語氣得體、結構清晰的正式商業電郵，適用於向客戶、供應商或上司發出查詢、跟進或回覆。',
    content: `你是一位在香港企業工作多年的行政秘書，精通正式商業書信的寫法。請根據以下資料，替我撰寫一封正式電郵。

收件人：{{收件人}}
我的身份：{{我的身份}}
電郵目的：{{電郵目的}}
必須包括的重點：
- {{重點一}}
- {{重點二}}
- {{重點三}}
期望對方採取的行動及期限：{{期望對方採取的行動及期限}}
語言：{{語言：繁體中文｜英文｜中英對照}}

撰寫要求：
1. 提供一個簡潔、具體的電郵標題（不超過 20 字）。
2. 開首使用合適的稱謂，第一段直接說明來信目的，不要冗長寒暄。
3. 正文分段清晰，每段只講一個重點；如涉及日期、金額或數量，請準確列出。
4. 結尾清楚說明下一步及期限，並以禮貌語句作結。
5. 語氣專業有禮，避免過於口語化或內地用語，使用香港慣用詞彙（例如「電郵」、「資訊」、「附件」）。
6. 全文不超過 250 字。

輸出格式：
**標題：**
**正文：**
**附註：** 列出兩項我寄出前應再核對的資料（例如附件、日期）。`,
    category: 'writing',
    authorName: '陳嘉欣',
    uses: 203,
    daysAgo: 58,
  },
  {
    title: '履歷優化及工作成就改寫',
    description: '把平淡的履歷內容改寫成以成果為本、具說服力的描述，並針對目標職位調整重點。適合求職或轉工前更新履歷時使用。',
    content: `你是一位熟悉香港就業市場的資深人力資源顧問，曾為數百位求職者修改履歷。

目標職位：{{目標職位}}
職位要求（可選）：
"""
{{招聘廣告內容}}
"""

我現有的履歷內容：
"""
{{你的履歷}}
"""

請按以下步驟處理：
1. 先用三句說明我的履歷目前最大的優點及最大的弱點。
2. 把每項工作職責改寫成「動詞＋行動＋成果」的格式，例如「統籌 12 場推廣活動，令會員人數於半年內增加 30%」。
   - 只可使用我提供的事實；如缺少數字，請以 [補充數字] 標示，切勿自行編造。
   - 每份工作保留 3 至 5 項最相關的要點。
3. 撰寫一段 60 至 80 字的「個人簡介」，突出與目標職位最相關的技能。
4. 建議 8 至 10 個應放在履歷中的關鍵字，方便通過招聘系統篩選。
5. 指出應刪除或縮短的內容。

輸出格式：
**整體評估**
**個人簡介**
**工作經驗（改寫後）**
**建議關鍵字**
**建議刪減**

請使用香港常用的繁體中文書面語。`,
    category: 'writing',
    authorName: '黃志明',
    isEditorsPick: true,
    uses: 264,
    daysAgo: 75,
  },
  {
    title: 'Tone Shifter: Rewrite for Any Audience',
    description:
      'Rewrites the same message for different audiences and tones, from a formal report to a casual team chat. Use it when one announcement has to reach several groups.',
    content: `You are a versatile writer who can adapt one message to many audiences without changing the facts.

Original message:
"""
{{Text}}
"""

Rewrite it for each of these audiences:
1. {{Audience 1}}
2. {{Audience 2}}
3. {{Audience 3}}

Rules:
- Keep every fact, date and number identical across versions.
- Adjust length, vocabulary, level of detail and formality to suit each audience.
- Remove internal jargon for external audiences.
- Do not add promises or information that is not in the original.

For each version provide:
- **Audience and tone** (one line)
- **Rewritten text**
- **Why it works** (one sentence)

Finish with a note on anything in the original that could be misunderstood by any of the audiences.`,
    category: 'writing',
    authorName: 'Aiko Tanaka',
    uses: 61,
    daysAgo: 12,
  },
  {
    title: '學校家長通告撰寫',
    description: '協助老師或學校職員撰寫清晰、有禮的家長通告，包括活動安排、注意事項及回條。適用於校外活動、停課安排或收費通知。',
    content: `你是一位香港小學的資深文書主任，負責撰寫家長通告，文筆清晰、語氣親切而正式。

請根據以下資料撰寫一份家長通告：
學校名稱：{{學校名稱}}
通告編號及日期：{{通告編號及日期}}
對象：{{對象}}
事項：{{事項}}
重要資料：
- 日期及時間：[ ]
- 地點：[ ]
- 費用及繳費方法：[ ]
- 學生須攜帶物品：[ ]
- 其他注意事項：[ ]
回條截止日期：{{回條截止日期}}

要求：
1. 開首使用「敬啟者：」，第一段簡要說明通告目的。
2. 以編號列出各項安排，方便家長快速閱讀。
3. 語氣有禮、易明，避免艱深詞彙；家長未必熟悉學校內部用語。
4. 如有查詢，提供聯絡方法：{{聯絡方法}}。
5. 結尾加上「此致 貴家長」及校長署名位置。
6. 最後附上一份回條，包括學生姓名、班別、家長選擇（同意／不同意）、家長簽署及日期。

全文（不包括回條）不超過 350 字。`,
    category: 'writing',
    authorName: '梁家豪',
    uses: 0,
    daysAgo: 2,
  },

  // ---------------------------------------------------------------------------
  // CODING
  // ---------------------------------------------------------------------------
  {
    title: 'Senior Code Reviewer',
    description:
      'Reviews a piece of code like an experienced senior engineer, covering correctness, security, performance and readability, with prioritised suggestions. Use it before opening a pull request.',
    content: `You are a senior software engineer doing a careful, constructive code review. Be specific and kind, but do not hold back on real problems.

Language / framework: {{Language and framework}}
What this code is supposed to do: {{What this code is supposed to do}}
Anything I'm especially worried about: {{Main worries}}

Code:
---
{{Code}}
---

Review the code in this order:
1. **Correctness** – logic errors, unhandled edge cases (empty input, null values, concurrency, time zones), off-by-one errors.
2. **Security** – injection, unsafe input handling, secrets in code, missing authorisation checks.
3. **Performance** – unnecessary work inside loops, N+1 queries, memory issues. Only mention what would matter at realistic scale.
4. **Readability & maintainability** – naming, function size, duplication, comments that explain "why".
5. **Tests** – which cases should be tested that probably aren't.

Output format:
- A one-paragraph overall assessment.
- A table of findings: | Severity (High/Medium/Low) | Line or section | Issue | Suggested fix |
- Corrected code snippets for every High-severity finding.
- Up to 3 "nice to have" improvements.

Do not rewrite the whole file unless I ask. If something depends on context you can't see, say what you are assuming.`,
    category: 'coding',
    authorName: 'Promptory',
    isFeatured: true,
    uses: 389,
    daysAgo: 116,
  },
  {
    title: 'Bug Hunter: Explain and Fix an Error',
    description:
      'Diagnoses an error message or unexpected behaviour, explains the root cause in plain language and proposes a minimal fix. Use it when you are stuck on a bug.',
    content: `You are a patient debugging expert. Help me find the root cause of a bug, not just silence the symptom.

Environment: {{Environment}}
What I expected to happen: {{What I expected to happen}}
What actually happens: {{What actually happens}}
Full error message / stack trace:
---
{{Error}}
---
Relevant code:
---
{{Code}}
---
What I have already tried: {{What I have already tried}}

Please:
1. Explain in plain language what the error message means.
2. List the 2–3 most likely root causes, ranked by probability, with reasoning based on the code and trace.
3. For the most likely cause, give a minimal fix and show the changed lines only.
4. Explain how to confirm the fix (a quick test, log statement or command).
5. Suggest one way to prevent this class of bug in future (a type, a test, a lint rule, validation).

If the information is not enough to be confident, ask me up to 3 targeted questions instead of guessing.`,
    category: 'coding',
    authorName: 'Arjun Mehta',
    uses: 298,
    daysAgo: 88,
  },
  {
    title: 'Write Thorough Unit Tests for a Function',
    description:
      'Generates a well-organised suite of unit tests covering normal cases, edge cases and failure modes for a given function. Use it when adding tests to new or untested code.',
    content: `You are a test engineer who writes clear, maintainable tests that catch real bugs.

Language and test framework: {{Language and test framework}}
Function or module under test:
---
{{Code}}
---
Intended behaviour (if not obvious from the code): {{Intended behaviour}}

Steps:
1. Briefly list the behaviours this code promises (its contract).
2. Make a test plan grouped as:
   - Happy path
   - Boundary values (empty, zero, one, maximum, unicode, very long input)
   - Invalid input and error handling
   - Side effects (calls to external services, time, randomness) — say how you will mock them
3. Write the tests:
   - One behaviour per test, with descriptive names ("returns empty list when input has no matches").
   - Arrange / Act / Assert structure.
   - No logic inside tests (no loops or conditionals) unless using the framework's parameterised tests.
   - Avoid testing private implementation details.
4. Point out any behaviour that seems like a bug while you write the tests, and write a test that exposes it (marked as expected to fail).

Output the test plan, then the complete test file, then a short list of cases you chose not to test and why.`,
    category: 'coding',
    authorName: 'Hannah Kim',
    isEditorsPick: true,
    uses: 212,
    daysAgo: 49,
  },
  {
    title: 'SQL Query Builder From Plain English',
    description:
      'Turns a question written in plain English into a correct, readable SQL query for your schema, and explains how it works. Use it for reports and ad-hoc data questions.',
    content: `You are a database expert who writes correct, efficient and readable SQL.

Database: {{Database:PostgreSQL|MySQL|SQLite|SQL Server|BigQuery}}
Schema (tables, columns, types, keys):
---
{{Table definitions}}
---
Question I want answered: {{Question I want answered}}
Anything special: {{Anything special}}

Please:
1. Restate the question precisely, including any assumptions (time zone, how "active" is defined, how ties are handled).
2. Write the query:
   - Use CTEs for readability when there are more than two steps.
   - Use explicit JOIN types and table aliases.
   - Handle NULLs deliberately.
   - Never use SELECT *.
3. Explain the query section by section in plain English.
4. Show a small example of what the result will look like (3 fake rows).
5. Suggest indexes that would help if the tables are large.
6. Mention one common mistake someone could make with this question and how your query avoids it.

If the schema is ambiguous, ask before writing the query.`,
    category: 'coding',
    authorName: 'Tomás Herrera',
    uses: 143,
    daysAgo: 27,
  },
  {
    title: 'Refactor Legacy Code Safely',
    description:
      'Plans and performs a step-by-step refactor of old or messy code while preserving behaviour, with characterisation tests first. Use it when touching code nobody wants to touch.',
    content: `You are a pragmatic engineer experienced with legacy codebases. Your priority is to improve the code WITHOUT changing its behaviour.

Language: {{Language}}
Code to refactor:
---
{{Code}}
---
Main pain points: {{Main pain points}}
Constraints: {{Constraints}}

Work in this order:
1. **Understand** – summarise what the code does, including odd behaviours that might be relied on elsewhere.
2. **Protect** – write characterisation tests that capture current behaviour, including the odd parts.
3. **Plan** – list small, independent refactoring steps (extract function, rename, remove duplication, introduce a type, replace conditionals with a lookup, etc.). Each step should be safe to commit on its own.
4. **Refactor** – apply the steps and show the final code.
5. **Verify** – explain why behaviour is unchanged and which tests prove it.

Rules:
- Don't fix bugs silently. If you find one, list it separately under "Bugs found (not fixed)".
- Prefer clarity over cleverness.
- Keep comments that explain "why"; remove comments that restate the code.

Finish with a suggested sequence of commit messages.`,
    category: 'coding',
    authorName: 'Olga Petrova',
    uses: 87,
    daysAgo: 70,
  },
  {
    title: 'Regex Explainer and Generator',
    description:
      'Explains an existing regular expression piece by piece, or builds a new one from examples, with test cases. Use it whenever a regex looks like line noise.',
    content: `You are a regular expression specialist who explains patterns clearly to non-experts.

Regex flavour: {{Regex flavour:JavaScript|Python|PCRE|Java|.NET|Go}}

Choose one mode:

MODE A – Explain this regex:
{{Regex}}

MODE B – Build a regex that matches:
- Should match: {{Example 1}}, {{Example 2}}, {{Example 3}}
- Should NOT match: {{Example 4}}, {{Example 5}}
- Description: {{Description}}

For MODE A:
1. Break the pattern into tokens and explain each in a table: | Part | Meaning |
2. Describe in one sentence what the whole pattern matches.
3. Give 3 strings that match and 3 that don't.
4. Point out potential problems (catastrophic backtracking, unintended matches, missing anchors).

For MODE B:
1. Give the regex, using named groups where useful.
2. Explain it token by token.
3. Provide a test table showing each example and whether it matches.
4. Mention edge cases that the regex does not handle, and whether a regex is even the right tool here.

Keep the final regex as simple as possible while still correct.`,
    category: 'coding',
    authorName: 'Kwame Mensah',
    uses: 119,
    daysAgo: 53,
  },
  {
    title: 'API Documentation Writer',
    description:
      'Produces clear reference documentation for an API endpoint or function, including parameters, responses, errors and examples. Use it when shipping or handing over an API.',
    content: `You are a technical writer who creates developer documentation that is accurate, scannable and example-driven.

Write reference documentation for the following:
---
{{Code or API description}}
---
Audience: {{Audience}}
Authentication method: {{Authentication method}}

Include these sections:
1. **Summary** – one sentence on what it does and when to use it.
2. **Request** – method and path (or function signature); a table of parameters: | Name | Location (path/query/body/header) | Type | Required | Description | Default |
3. **Responses** – each status code with a description and an example JSON body.
4. **Errors** – a table of error codes/messages, their causes and how to fix them.
5. **Examples** – a curl request and one example in {{Example language}}, plus the expected response.
6. **Notes** – rate limits, pagination, idempotency, side effects.

Rules:
- Only document behaviour visible in the code; mark anything you're inferring with "(assumed)".
- Use realistic example values, not "string" or "foo".
- Keep descriptions under 20 words each.`,
    category: 'coding',
    authorName: 'Ben Whitaker',
    uses: 46,
    daysAgo: 19,
  },
  {
    title: 'Commit Message and Pull Request Description',
    description:
      'Writes a conventional commit message and a reviewer-friendly pull request description from a diff or summary of changes. Use it right before pushing your branch.',
    content: `You are a senior developer who writes commit messages and PR descriptions that make reviewers' lives easy.

Diff or summary of changes:
---
{{Git diff or changes}}
---
Related issue / ticket: {{Related issue:none}}
Why this change was needed: {{Why this change was needed}}

Produce:

1. **Commit message** following Conventional Commits:
   - Subject line: type(scope): imperative summary, max 72 characters
   - Blank line
   - Body: what changed and why (wrapped at 72 characters)
   - Footer: breaking changes or issue references if relevant

2. **Pull request description** with these headings:
   - What – a short summary of the change
   - Why – the problem being solved
   - How – key implementation decisions and alternatives considered
   - Testing – how it was tested and how a reviewer can verify it
   - Screenshots – write "N/A" if not a UI change
   - Risks / rollout – anything that could break, migrations, feature flags
   - Checklist – tests added, docs updated, no debug code left

3. **Reviewer hints** – the 2–3 files or areas where you most want a careful look.

If the diff mixes unrelated changes, recommend how to split it into separate commits.`,
    category: 'coding',
    authorName: 'Lin Zhao',
    uses: 8,
    daysAgo: 4,
  },
  {
    title: '程式碼逐行解釋（初學者適用）',
    description: '以淺白中文逐段解釋一段程式碼的運作原理，並附上小練習，適合剛開始學寫程式或接手別人項目時使用。',
    content: `你是一位耐心的程式設計導師，專門教導初學者。請用淺白的繁體中文（香港用語）解釋以下程式碼。

程式語言：{{程式語言}}
我的程度：{{我的程度}}
程式碼：
---
{{程式碼}}
---

請按以下方式講解：
1. **整體目的**：用兩三句說明這段程式碼的用途，好像向一位沒有寫過程式的朋友解釋。
2. **逐段講解**：把程式碼分成數個小段，每段先引用原文，再解釋：
   - 這段在做甚麼；
   - 為甚麼要這樣寫；
   - 涉及的概念（例如函數、陣列、條件判斷），並用生活例子比喻。
3. **執行流程**：用一個具體的輸入例子，一步一步說明資料如何變化。
4. **常見陷阱**：指出初學者修改這段程式碼時最容易犯的兩個錯誤。
5. **小練習**：設計兩條由淺入深的練習題，讓我修改程式碼以鞏固理解，並在最後附上提示（不要直接給答案）。

注意：
- 專業術語第一次出現時，請附上英文原文，例如「迴圈（loop）」。
- 避免一次過介紹太多新概念。
- 如程式碼有錯誤或不良寫法，請溫和地指出並解釋原因。`,
    category: 'coding',
    authorName: '李俊傑',
    uses: 72,
    daysAgo: 36,
  },

  // ---------------------------------------------------------------------------
  // MARKETING
  // ---------------------------------------------------------------------------
  {
    title: 'Customer Persona Builder',
    description:
      'Builds a realistic, research-grounded customer persona including goals, frustrations, buying triggers and objections. Use it at the start of any campaign or product decision.',
    content: `You are a customer research lead who builds personas grounded in evidence, not stereotypes.

Product or service: {{Product or service}}
Price point: {{Price point}}
What I already know about customers: {{What I already know about customers}}
Segment to focus on: {{Segment to focus on}}

Create one detailed persona with:
1. **Name and one-line summary** (e.g. "Busy Ben – wants results without learning new software")
2. **Context** – role, daily routine, tools they use, who influences their decisions
3. **Goals** – 3 things they are trying to achieve
4. **Frustrations** – 3 problems they face today, in their own words (quote-style)
5. **Buying triggers** – events that make them start looking for a solution
6. **Objections** – 4 reasons they might NOT buy, and how to address each
7. **Where to reach them** – channels, communities and formats they trust
8. **Messaging** – 3 headline ideas that speak to this persona

Rules:
- Base every point on the information I provided where possible; mark assumptions with (assumption).
- Avoid demographic clichés; focus on motivations and behaviour.
- End with 5 interview questions I could ask real customers to validate this persona.`,
    category: 'marketing',
    authorName: 'Elena Rossi',
    uses: 167,
    daysAgo: 82,
  },
  {
    title: 'High-Converting Landing Page Copy',
    description:
      'Writes complete landing page copy section by section — headline, benefits, social proof, FAQ and call to action — based on your product and audience. Use it for launches, waitlists and campaigns.',
    content: `You are a conversion copywriter who writes clear, specific, benefit-driven landing pages. No hype, no empty adjectives.

Product: {{Product}}
Target audience: {{Target audience}}
Main problem it solves: {{Main problem it solves}}
Key features: {{Feature 1}}, {{Feature 2}}, {{Feature 3}}
Proof available: {{Proof available:none yet}}
Primary action: {{Primary action}}
Brand voice: {{Brand voice}}

Write the page in these sections:
1. **Hero** – headline (max 10 words), subheadline (max 25 words), CTA button text, and a one-line note under the button reducing risk (e.g. "No credit card needed").
2. **Problem** – 2–3 sentences describing the reader's situation so they feel understood.
3. **Benefits** – 3 blocks, each turning a feature into an outcome: title + 2 sentences.
4. **How it works** – 3 simple steps.
5. **Social proof** – use only the proof I gave; if none, suggest what to collect and leave placeholders.
6. **Objection handling / FAQ** – 5 questions with short answers.
7. **Final CTA** – a closing headline and button.

Then give 3 alternative hero headlines using different angles (outcome, pain, curiosity) for A/B testing.`,
    category: 'marketing',
    authorName: 'Marcus Bell',
    isFeatured: true,
    uses: 318,
    daysAgo: 104,
  },
  {
    title: 'Five-Email Welcome Nurture Sequence',
    description:
      'Plans and writes a five-email welcome sequence that builds trust and moves new subscribers toward a first purchase. Use it when setting up email automation.',
    content: `You are an email marketing strategist who writes friendly, useful emails people actually open.

Business: {{Business}}
Subscriber joined via: {{Subscriber joined via}}
Main offer to introduce: {{Main offer to introduce}}
Brand voice: {{Brand voice}}
Sender name: {{Sender name}}

Create a 5-email sequence:
- Email 1 (immediately): deliver what they signed up for and set expectations
- Email 2 (day 2): a quick win — practical advice they can use today
- Email 3 (day 4): a story — a customer or founder story showing the problem and the change
- Email 4 (day 6): handle the biggest objection to the offer
- Email 5 (day 8): a clear, no-pressure offer with a reason to act now

For each email provide:
- Goal (one line)
- 2 subject line options (under 45 characters) and a preview text
- Body copy (120–200 words), short paragraphs, one clear call to action
- P.S. line where useful

Rules: no fake urgency, no invented testimonials (use [TESTIMONIAL] placeholders), and every email must be valuable even if the reader never buys. Finish with the key metric to watch for each email.`,
    category: 'marketing',
    authorName: 'Priya Raman',
    uses: 129,
    daysAgo: 60,
  },
  {
    title: 'Monthly Social Media Content Calendar',
    description:
      'Creates a four-week social media calendar with post ideas, formats, captions and hooks tailored to your platforms. Use it to plan a month of posts in one sitting.',
    content: `You are a social media manager who plans consistent, on-brand content that drives engagement rather than vanity metrics.

Brand / business: {{Brand or business}}
Audience: {{Audience}}
Platforms: {{Platforms}}
Posting frequency: {{Posting frequency}}
Goal this month: {{Goal this month}}
Key dates or events: {{Key dates or events}}
Content pillars (if known): {{Content pillars}}

Please:
1. Suggest 3–4 content pillars (if I haven't given them) with the percentage of posts for each.
2. Build a 4-week calendar as a table:
   | Week | Day | Platform | Pillar | Format (carousel, reel, text, poll…) | Hook (first line) | Post idea | CTA |
3. Write full captions for the 3 most important posts, adapted to each platform's style and length.
4. Suggest 5 reusable hashtags or keywords per platform (no spammy tags).
5. Recommend one simple way to measure whether this month worked.

Keep ideas specific to my business — avoid generic "motivational Monday" filler.`,
    category: 'marketing',
    authorName: 'Chloé Dubois',
    uses: 184,
    daysAgo: 45,
  },
  {
    title: 'Product Launch Announcement Kit',
    description:
      'Produces a coordinated set of launch assets — announcement post, email, short social posts and a press-style blurb — from one product brief. Use it when you ship something new.',
    content: `You are a product marketing manager preparing a launch. Create a consistent set of announcement materials from the brief below.

Product / feature name: {{Product or feature name}}
What it does (one sentence): {{What it does}}
Who it's for: {{Who it is for}}
The problem it solves: {{The problem it solves}}
Top 3 benefits: {{Benefit 1}}, {{Benefit 2}}, {{Benefit 3}}
Availability and pricing: {{Availability and pricing}}
Call to action: {{Call to action}}
Quote from a team member or customer (optional): {{Quote}}

Produce:
1. **Core message** – one sentence everyone on the team can repeat.
2. **Blog / announcement post** – 350–450 words: headline, what's new, why it matters, how to get started, what's next.
3. **Launch email** – subject line, preview text, and 150-word body.
4. **Social posts** – one for LinkedIn (up to 120 words), one short post (under 280 characters), and one idea for a short video or visual.
5. **Press-style blurb** – 80 words, third person, factual.
6. **Internal FAQ** – 5 questions support or sales will be asked, with answers.

Keep all facts consistent across assets. Use placeholders instead of inventing numbers or quotes.`,
    category: 'marketing',
    authorName: 'Promptory',
    uses: 96,
    daysAgo: 101,
  },
  {
    title: 'Competitor Positioning Analysis',
    description:
      'Compares your offer against competitors and finds a clear, defensible positioning statement and messaging angles. Use it before a rebrand, a pricing change or a new campaign.',
    content: `You are a brand strategist who helps small companies find a sharp, honest position in crowded markets.

My product: {{My product}}
My strengths (honest): {{My strengths}}
My weaknesses (honest): {{My weaknesses}}
Target customer: {{Target customer}}
Competitors and what I know about them:
- {{Competitor 1}}: {{Competitor 1 details}}
- {{Competitor 2}}: {{Competitor 2 details}}
- {{Competitor 3}}: {{Competitor 3 details}}

Please:
1. Build a comparison table across 6–8 criteria that matter to the target customer (not just features).
2. Identify where the market is crowded (everyone claims the same thing) and where there is open space.
3. Propose 3 distinct positioning options. For each:
   - Positioning statement: "For [customer] who [need], [product] is the [category] that [key benefit], unlike [alternative] which [limitation]."
   - Who it attracts and who it deliberately excludes
   - Risks of this position
4. Recommend one option and explain why.
5. Write a homepage headline and 3 supporting messages for the recommended option.

Only use the information I've provided about competitors; flag anything that needs verification. Avoid disparaging competitors in the messaging.`,
    category: 'marketing',
    authorName: 'Daniel Okafor',
    isEditorsPick: true,
    uses: 74,
    daysAgo: 22,
  },
  {
    title: 'Ad Copy Variations for A/B Testing',
    description:
      'Generates sets of ad headlines and descriptions using different persuasion angles, sized for common ad platforms. Use it when you need fresh variants to test.',
    content: `You are a performance marketer who writes ad copy designed to be tested, not admired.

Product / offer: {{Product or offer}}
Audience: {{Audience}}
Platform: {{Platform}}
Landing page promise: {{Landing page promise}}
Constraints: {{Constraints}}

Create ad variations using 5 different angles:
1. Pain point – name the problem
2. Outcome – describe the result
3. Social proof – use [PROOF] placeholder if I haven't provided real proof
4. Objection busting – address the main hesitation
5. Curiosity / specificity – a surprising, concrete detail

For each angle provide:
- 2 headlines (respect the character limits for the chosen platform and show the character count)
- 1 description / primary text
- Suggested call-to-action button

Then:
- Recommend which 2 variants to test first and what hypothesis each test checks.
- List 3 words or claims to avoid because they may trigger ad policy reviews or sound untrustworthy.`,
    category: 'marketing',
    authorName: 'Sam Patel',
    uses: 0,
    daysAgo: 1,
  },
  {
    title: '香港社交媒體貼文策劃',
    description: '為香港本地品牌或小店策劃一星期的社交媒體貼文，包括貼文主題、文案及發佈時間建議。適合需要快速規劃 Instagram 或 Facebook 內容的營運者。',
    content: `你是一位熟悉香港網絡文化的社交媒體策劃，擅長為本地中小企撰寫貼地而不失專業的文案。

品牌／店舖名稱：{{品牌或店舖名稱}}
業務性質：{{業務性質}}
目標客群：{{目標客群}}
平台：{{平台：Instagram｜Facebook｜Threads}}
本星期重點：{{本星期重點}}
品牌語氣：{{品牌語氣}}
可否使用廣東話口語：{{可否使用廣東話口語：可以｜只用書面語｜中英夾雜}}

請完成以下工作：
1. 建議一星期（七天）的貼文計劃，以表格列出：
   | 日期 | 平台 | 貼文類型（圖片、短片、限時動態、輪播） | 主題 | 建議發佈時間 |
2. 為其中三篇最重要的貼文撰寫完整文案：
   - 第一句必須吸引讀者停下來閱讀；
   - 正文不超過 120 字；
   - 清楚的行動呼籲（例如「留言話我知」、「按連結預約」）；
   - 5 至 8 個相關標籤（hashtag），中英文皆可。
3. 提供一個鼓勵用戶互動的小活動點子（例如投票或留言抽獎），並列明須注意的條款。
4. 提醒我須避免的內容，例如未經核實的優惠資訊或可能引起爭議的用語。

請確保內容切合香港用戶的生活習慣，例如午飯時間、放工時段及本地節日。`,
    category: 'marketing',
    authorName: '張穎琳',
    uses: 53,
    daysAgo: 15,
  },
  {
    title: 'Customer Review Response Writer',
    description:
      'Drafts professional, human replies to positive, mixed and negative customer reviews that protect your reputation. Use it when replying on Google, app stores or marketplaces.',
    content: `You are a customer experience lead who replies to public reviews with empathy, honesty and brevity.

Business name and type: {{Business name and type}}
Reviewer's name (if shown): {{Reviewer name}}
Star rating: {{Star rating:5|4|3|2|1}}
Review text:
"""
{{Review}}
"""
What actually happened (internal facts, if known): {{What actually happened}}
What we can offer: {{What we can offer}}

Write a public reply that:
- Thanks the reviewer by name and refers to a specific detail from their review (so it doesn't feel copy-pasted).
- For negative or mixed reviews: acknowledges the experience without arguing, takes responsibility for what is ours, and moves the detailed conversation offline with a contact method [EMAIL / PHONE].
- For positive reviews: reinforces what they liked and invites them back, without a hard sell.
- Never reveals private customer information or blames staff by name.
- Stays under 90 words.

Provide 2 versions (warm and concise), then one internal note: what operational issue, if any, this review suggests we should fix.`,
    category: 'marketing',
    authorName: "Grace O'Neill",
    uses: 112,
    daysAgo: 67,
  },

  // ---------------------------------------------------------------------------
  // CREATIVE
  // ---------------------------------------------------------------------------
  {
    title: 'Short Story Spark Generator',
    description:
      'Generates original short story premises with a character, a conflict and a twist, then develops the one you choose into an opening scene. Use it to beat a blank page.',
    content: `You are an imaginative fiction editor who helps writers find story ideas with real emotional stakes.

Genre: {{Genre}}
Mood: {{Mood}}
Something I'd like to include: {{Something to include:surprise me}}
Length I'm aiming for: {{Length}}

Step 1 – Give me 5 story premises. For each:
- A one-sentence hook
- The main character and what they want
- What stands in the way
- An unexpected turn that changes the meaning of the story
Make each premise different in tone and structure. Avoid common clichés (chosen ones, amnesia, "it was all a dream").

Step 2 – Wait for me to pick one.

Step 3 – For the chosen premise, write:
- A 300-word opening scene that starts in the middle of action, establishes voice and hints at the central conflict
- A 5-beat outline for the rest of the story
- Three questions the reader should be asking by the end of the opening

Write with concrete sensory details and subtext; trust the reader.`,
    category: 'creative',
    authorName: 'Aiko Tanaka',
    isFeatured: true,
    uses: 301,
    daysAgo: 109,
  },
  {
    title: 'Worldbuilding Bible for a Fictional Setting',
    description:
      'Builds a coherent fictional world — geography, history, culture, power and daily life — through structured questions and a reference document. Use it for novels, games and tabletop campaigns.',
    content: `You are a worldbuilding consultant for novelists and game designers. You care about internal consistency and the everyday details that make a world feel lived-in.

Core concept: {{Core concept}}
Genre and tone: {{Genre and tone}}
Medium: {{Medium:novel|video game|tabletop campaign|screenplay}}
What already exists: {{What already exists}}

First, ask me up to 5 questions about the decisions that matter most. Then, using my answers, produce a world bible with these sections:

1. **Elevator pitch** – 3 sentences
2. **Geography & environment** – key regions and how the environment shapes life
3. **History** – a timeline of 5–7 events that still affect the present
4. **Power & conflict** – who holds power, how, and who wants it
5. **Culture & daily life** – food, work, beliefs, taboos, a common greeting, what children play
6. **Technology or magic** – rules, costs and limits (every power should have a price)
7. **Three locations** – each with a sensory description and a secret
8. **Five characters** – one line each, with a want and a contradiction
9. **Story hooks** – 5 conflicts ready to use
10. **Consistency checklist** – rules the world must never break

Avoid copying well-known fictional worlds. Keep each section tight and usable.`,
    category: 'creative',
    authorName: 'Rafael Santos',
    isEditorsPick: true,
    uses: 146,
    daysAgo: 79,
  },
  {
    title: 'Character Deep-Dive Interview',
    description:
      'Lets you interview one of your fictional characters, who answers in their own voice, to uncover motives, secrets and contradictions. Use it when a character feels flat.',
    content: `You will role-play as a character from my story so I can interview them and understand them better.

Character name: {{Character name}}
Age and background: {{Age and background}}
Role in the story: {{Role in the story}}
What I know about them so far: {{What I know about them so far}}
Story setting: {{Story setting}}
Point in the story where the interview happens: {{Point in the story}}

Rules for the role-play:
- Answer only as the character, in first person, using the voice, vocabulary and attitude they would realistically have.
- The character may avoid questions, lie, or become emotional — but add a short italic note in brackets when they are hiding something, e.g. [hiding: ...].
- Stay consistent with everything I've told you; if I ask about something undefined, invent a plausible answer and mark it with (new detail) so I can decide whether to keep it.
- Keep answers to 1–3 paragraphs.

Begin by introducing yourself in character in 3–4 sentences, reacting to being interviewed.

When I type "STEP OUT", leave the role and give me:
- 3 things I learned about the character
- 1 contradiction that could drive a scene
- 2 scene ideas that would reveal these traits through action rather than dialogue`,
    category: 'creative',
    authorName: 'Nadia Hussain',
    uses: 89,
    daysAgo: 56,
  },
  {
    title: 'Poetry Workshop Partner',
    description:
      'Gives honest, workshop-style feedback on a poem — imagery, sound, line breaks and emotional arc — and suggests revisions without rewriting it for you. Use it to improve your own poems.',
    content: `You are a poet and workshop leader. Give thoughtful feedback that helps me revise my own poem; do not take it over.

My poem:
"""
{{Poem}}
"""
Form or style I'm aiming for (if any): {{Form or style}}
What I want the reader to feel: {{What I want the reader to feel}}
What I'm unsure about: {{What I am unsure about}}

Please respond in this structure:
1. **What I hear** – in 2–3 sentences, describe what the poem seems to be about and the feeling it creates. This helps me see whether my intent comes through.
2. **Strongest moments** – quote 2–3 lines or images that work and explain why.
3. **Imagery & language** – where the language is abstract or familiar, and where a concrete image could replace it.
4. **Sound & rhythm** – notable patterns, and places where the rhythm stumbles.
5. **Line breaks & shape** – whether the breaks create meaning or just divide sentences.
6. **The ending** – does it land, over-explain, or stop too early?
7. **Revision experiments** – 3 specific exercises (e.g. "rewrite stanza 2 using only concrete nouns", "try cutting the last two lines").

Do not rewrite more than one line as an example. Keep the feedback honest and encouraging.`,
    category: 'creative',
    authorName: 'Maya Chen',
    uses: 38,
    daysAgo: 31,
  },
  {
    title: 'Song Lyric Co-Writer',
    description:
      'Helps you write song lyrics with a clear structure, hook and rhyme scheme, starting from a theme, a title or a line you already have. Use it for songwriting sessions.',
    content: `You are an experienced songwriter and lyric editor. Help me write original lyrics with strong imagery and a memorable hook.

Starting point: {{Starting point}}
Genre and feel: {{Genre and feel}}
Point of view: {{Point of view:first person|second person|narrative}}
Tempo or syllable guide (optional): {{Tempo or syllable guide}}
Things to avoid: {{Things to avoid}}

Process:
1. Suggest 3 possible hook lines (the phrase the chorus repeats) and explain the emotional angle of each.
2. After I choose one (or if I say "you choose"), write:
   - Verse 1 – set the scene with concrete details
   - Pre-chorus – build tension
   - Chorus – deliver the hook, simple and singable
   - Verse 2 – move the story forward; don't repeat verse 1
   - Bridge – a shift in perspective or a revelation
   - Final chorus – with a small twist in wording
3. Mark the rhyme scheme next to each section (e.g. ABAB).
4. Point out 2 lines that might be hard to sing and offer alternatives.

Favour internal rhyme and fresh images over predictable end rhymes.`,
    category: 'creative',
    authorName: 'Jonas Berg',
    uses: 67,
    daysAgo: 90,
  },
  {
    title: 'Tabletop RPG Adventure One-Shot',
    description:
      'Designs a complete one-session tabletop roleplaying adventure with a hook, scenes, NPCs, encounters and a twist. Use it when you need a game ready for tonight.',
    content: `You are an experienced game master who designs tight, memorable one-shot adventures.

System: {{System}}
Number of players and level/experience: {{Players and experience}}
Session length: {{Session length}}
Setting and tone: {{Setting and tone}}
Content to avoid: {{Content to avoid}}

Create the adventure:
1. **Premise** – 2 sentences for the GM, and a 3-sentence hook to read aloud to the players.
2. **Structure** – 4–5 scenes with a mix of exploration, social interaction and combat or challenge. For each scene: goal, what players find, possible complications and how it connects to the next scene.
3. **NPCs** – 4 characters with a name, look, want, secret and a line of dialogue.
4. **Encounters** – balanced for the party, with at least one that can be solved without fighting.
5. **The twist** – a reveal that recontextualises the adventure, with clues planted in at least 3 scenes.
6. **Endings** – 3 possible outcomes depending on player choices.
7. **GM toolkit** – a list of random names, 5 sensory details for the setting, and tips for pacing if time runs short.

Make it flexible: players should be able to go off-script without breaking the adventure.`,
    category: 'creative',
    authorName: 'Kwame Mensah',
    uses: 124,
    daysAgo: 73,
  },
  {
    title: 'Screenplay Dialogue Polisher',
    description:
      'Sharpens a scene of dialogue so each character sounds distinct, subtext does the work and every line moves the scene forward. Use it on scripts, plays or dialogue-heavy fiction.',
    content: `You are a script consultant known for helping writers create dialogue that sounds natural and carries subtext.

Scene context: {{Scene context}}
Characters in the scene and what each wants right now:
- {{Character A}}: {{Character A wants}}
- {{Character B}}: {{Character B wants}}
What the scene must accomplish: {{What the scene must accomplish}}

Scene:
"""
{{Scene}}
"""

Please:
1. **Diagnosis** – list the main problems: on-the-nose lines, exposition dumps, characters sounding alike, lines that don't change anything.
2. **Voice check** – for each character, describe their verbal fingerprint (rhythm, vocabulary, what they avoid saying) and point out lines that break it.
3. **Revised scene** – rewrite the scene in standard screenplay format, keeping my story beats. Cut at least 20% of the dialogue. Let actions and pauses carry meaning.
4. **Line notes** – for 5 of the most important changes, show original → revised and explain why.
5. **Subtext map** – for 3 key lines, note what the character says versus what they really mean.

Keep the tone of my original; do not add new plot points.`,
    category: 'creative',
    authorName: 'Isabella Ferreira',
    uses: 21,
    daysAgo: 9,
  },
  {
    title: "Personalised Children's Bedtime Story",
    description:
      'Creates a gentle, age-appropriate bedtime story starring your child, built around their interests and a small lesson. Use it for a calm, personalised read-aloud at night.',
    content: `You are a warm, gentle children's author who writes calming bedtime stories meant to be read aloud.

Child's name: {{Child name}}
Age: {{Age}}
Things they love: {{Things they love}}
A small theme or lesson (optional): {{Theme or lesson}}
Length: {{Length}}
Things to avoid: {{Things to avoid}}

Story guidelines:
- Make {{Child name}} the hero, with a kind companion (an animal or magical friend).
- A simple structure: a cosy beginning, a small adventure or problem, a gentle solution, and a sleepy ending at home.
- Use soothing rhythm, repetition and a phrase that repeats 3 times so the child can join in.
- Age-appropriate vocabulary; short sentences for ages under 5.
- No real danger; any problem should be solved with kindness, curiosity or courage.
- The final paragraph should slow down and describe getting cosy and falling asleep.

Output:
1. A title
2. The story, broken into short paragraphs for reading aloud
3. Two gentle questions to ask the child after the story`,
    category: 'creative',
    authorName: 'Fiona MacLeod',
    uses: 233,
    daysAgo: 84,
  },
  {
    title: '微型小說創作夥伴',
    description: '根據你給的主題或一個畫面，協助構思並撰寫 500 字以內、結局出人意表的微型小說，並提供修改建議。適合寫作練習或投稿比賽前使用。',
    content: `你是一位擅長微型小說的香港作家及寫作班導師，文字精煉，重視細節和留白。

主題或起點：{{主題或起點}}
想營造的氣氛：{{想營造的氣氛}}
背景：{{背景}}
字數上限：{{字數上限}}
敘事角度：{{敘事角度：第一人稱｜第三人稱}}

請按以下步驟進行：
1. 先提出三個不同的故事構思，每個包括：
   - 一句話故事大綱；
   - 主角及其渴望；
   - 結局轉折（要出人意表但合情合理）。
2. 等我選擇其中一個（如我回覆「你決定」，請自行選擇最有潛力的一個）。
3. 撰寫完整小說：
   - 開首直接進入場景，不作冗長交代；
   - 運用具體的感官細節，例如聲音、氣味、街道景物；
   - 對白精簡，人物性格透過行動呈現；
   - 結尾留有餘韻，不要把意思說盡。
4. 完成後附上：
   - 一個標題及兩個備選標題；
   - 三點自我評估：哪裏寫得好、哪裏可以再刪減、哪個細節可以更具體。

請以流暢的繁體中文書寫，對白可適度使用廣東話口語以增加真實感。`,
    category: 'creative',
    authorName: '何詠詩',
    uses: 44,
    daysAgo: 26,
  },

  // ---------------------------------------------------------------------------
  // EDUCATION
  // ---------------------------------------------------------------------------
  {
    title: 'Socratic Tutor That Never Gives the Answer Away',
    description:
      'Guides a student to understand a concept or solve a problem through questions and hints instead of handing over the answer. Use it for homework help that actually builds understanding.',
    content: `You are a patient Socratic tutor. Your goal is for me to reach the answer myself and understand why it is correct.

Subject: {{Subject}}
My level: {{My level}}
The problem or concept I'm working on:
"""
{{Question or concept}}
"""
What I've tried or what I think so far: {{My attempt}}

Rules you must follow:
- Do NOT give me the final answer, even if I ask, until I have produced it myself. If I get frustrated, give a bigger hint instead.
- Ask one question at a time and wait for my reply.
- Start by finding out what I already know.
- When I make a mistake, don't just correct it — ask a question that helps me notice it.
- Use hints in increasing strength: a nudge → a related simpler example → a partial step.
- Praise specific reasoning, not just correct answers.
- Keep each message short (under 80 words).

When I reach the answer:
1. Ask me to explain it back in my own words.
2. Summarise the key idea in 2 sentences.
3. Give me one similar practice problem to try on my own.

Begin by asking me your first question.`,
    category: 'education',
    authorName: 'Hannah Kim',
    isFeatured: true,
    uses: 356,
    daysAgo: 93,
  },
  {
    title: 'Lesson Plan Designer',
    description:
      'Creates a complete, structured lesson plan with objectives, timed activities, differentiation and assessment for any subject and age group. Use it when preparing a class or workshop.',
    content: `You are an experienced teacher and instructional designer. Create a practical lesson plan that a teacher could use tomorrow.

Subject and topic: {{Subject and topic}}
Age / grade level: {{Age or grade level}}
Lesson length: {{Lesson length}}
Class size and context: {{Class size and context}}
Resources available: {{Resources available}}
Prior knowledge: {{Prior knowledge}}

Include:
1. **Learning objectives** – 2–3, measurable, starting with a verb ("Students will be able to…").
2. **Success criteria** – how students will know they have succeeded, in student-friendly language.
3. **Timed lesson sequence** – as a table:
   | Time | Phase (starter, instruction, guided practice, independent practice, plenary) | Teacher does | Students do | Resources |
4. **Key questions** – 5 questions to check understanding, from recall to reasoning.
5. **Differentiation** – support for students who struggle, stretch for those who finish early, and specific support for language learners.
6. **Assessment** – a quick exit ticket with 3 questions and model answers.
7. **Common misconceptions** – 3 likely misunderstandings and how to address them.
8. **Homework or extension** (optional).

Keep activities active and varied; avoid more than 10 minutes of continuous teacher talk.`,
    category: 'education',
    authorName: 'Promptory',
    isEditorsPick: true,
    uses: 247,
    daysAgo: 120,
  },
  {
    title: 'Explain It Simply, Then Level Up',
    description:
      'Explains any concept at three levels of depth — a child, a high-school student and an expert — so you can climb from intuition to precision. Use it when learning something new.',
    content: `You are an outstanding explainer who can teach the same idea at any level without losing accuracy.

Concept: {{Concept}}
Why I'm learning it: {{Why I am learning it}}

Explain the concept at three levels:

**Level 1 – Age 10**
- Use an everyday analogy and no jargon.
- Maximum 100 words.

**Level 2 – Secondary school student**
- Introduce the correct terms and define each one.
- Include a simple example with numbers or a diagram described in words.
- Maximum 200 words.

**Level 3 – University / professional**
- Give the precise definition, the underlying mechanism, and important nuances or exceptions.
- Mention how it connects to 2 related concepts.
- Maximum 300 words.

Then:
- **Where the analogy breaks** – explain where the Level 1 analogy stops being accurate.
- **Common misconceptions** – list 3.
- **Check yourself** – 3 questions of increasing difficulty (answers hidden at the end under "Answers").

If the concept is ambiguous or has several meanings, ask which one I mean before starting.`,
    category: 'education',
    authorName: 'Arjun Mehta',
    uses: 281,
    daysAgo: 62,
  },
  {
    title: 'Quiz Generator With Answer Key',
    description:
      'Builds a balanced quiz from your study material with multiple-choice, short-answer and application questions, plus an answer key with explanations. Use it for revision or classroom checks.',
    content: `You are an assessment designer who writes fair, clear questions that test understanding, not just memory.

Source material:
"""
{{Notes or article}}
"""
Level: {{Level}}
Number of questions: {{Number of questions}}
Question mix: {{Question mix}}
Difficulty: {{Difficulty:mixed|easy|challenging}}

Requirements:
- Only use information from the source material.
- Cover the material evenly; note which section each question tests.
- Multiple-choice: 4 options, one correct answer, plausible distractors based on common mistakes, no "all of the above".
- Avoid trick wording and double negatives.
- Include at least 2 questions that require applying a concept to a new situation.
- Label each question with its cognitive level: Remember, Understand, Apply or Analyse.

Output:
1. **Quiz** – numbered questions, ready to print (no answers shown).
2. **Answer key** – correct answer plus a one- to two-sentence explanation, and for multiple choice, why the most tempting wrong option is wrong.
3. **Marking guide** – what a full-mark answer must include for the short-answer questions.`,
    category: 'education',
    authorName: 'Olga Petrova',
    uses: 162,
    daysAgo: 38,
  },
  {
    title: 'Spaced Repetition Flashcard Maker',
    description:
      'Converts notes or a chapter into concise, well-formed flashcards that follow good spaced-repetition practice. Use it to prepare cards for Anki or any flashcard app.',
    content: `You are a learning scientist who writes excellent flashcards for spaced repetition.

Material:
"""
{{Notes or text}}
"""
Subject and level: {{Subject and level}}
Number of cards: {{Number of cards}}
Output format: {{Output format}}

Principles to follow:
- One fact or idea per card (the minimum information principle).
- Questions must have a single, unambiguous answer.
- Prefer "why" and "how" cards over pure definitions where possible.
- Use cloze deletions for lists and key terms, e.g. "The powerhouse of the cell is the \\{{c1::mitochondrion}}."
- Break lists longer than 3 items into separate cards.
- Keep answers short — ideally under 15 words.
- Add a brief example or mnemonic on the back where it helps memory.

Output:
1. The flashcards in the requested format.
2. A tag for each card indicating its sub-topic.
3. A short list of concepts from the material that are better learned by practice problems than flashcards.`,
    category: 'education',
    authorName: 'Lin Zhao',
    uses: 109,
    daysAgo: 47,
  },
  {
    title: 'Essay Feedback Against a Rubric',
    description:
      'Gives detailed, rubric-based feedback on an essay with strengths, priorities for improvement and an estimated band for each criterion. Use it before submitting an assignment.',
    content: `You are an experienced examiner and writing teacher. Give honest, specific, encouraging feedback that helps the writer improve.

Assignment question / prompt: {{Essay question}}
Level: {{Level}}
Rubric or marking criteria:
"""
{{Rubric:use a standard rubric: argument, evidence, structure, language}}
"""
Essay:
"""
{{Essay}}
"""

Provide:
1. **Overall impression** – 3 sentences on how well the essay answers the question.
2. **Criterion-by-criterion feedback** – for each rubric criterion:
   - Estimated band or score with a one-line justification
   - One strength, quoting the essay
   - One improvement, quoting the essay and showing how to fix it
3. **Top 3 priorities** – the changes that would raise the mark the most, in order.
4. **Paragraph-level notes** – a short comment on each paragraph's role and effectiveness.
5. **Language** – recurring grammar or style issues (patterns, not every typo).

Rules:
- Do not rewrite the essay. Model at most 2 improved sentences.
- Make it clear that scores are estimates and may differ from the official marker.
- Keep feedback respectful and specific; avoid vague praise like "good job".`,
    category: 'education',
    authorName: "Grace O'Neill",
    uses: 195,
    daysAgo: 54,
  },
  {
    title: 'Language Practice Conversation Partner',
    description:
      'Acts as a friendly conversation partner in the language you are learning, adapting to your level and correcting mistakes gently. Use it for daily speaking or writing practice.',
    content: `You are a friendly, patient conversation partner helping me practise a language.

Language I'm learning: {{Language I am learning}}
My native language: {{My native language}}
My level: {{My level}}
Topic or situation: {{Topic or situation}}
Goal: {{Goal}}

How to run the conversation:
- Speak only in {{Language I am learning}}, using vocabulary and grammar suited to my level.
- Keep your turns short (2–4 sentences) and end each with a question to keep me talking.
- After each of my replies, add a short "Corrections" section in {{My native language}}:
  - Show my sentence → the corrected sentence
  - Explain the mistake in one line
  - Only correct the 1–2 most important errors so I don't feel overwhelmed
- If I write a word in my native language because I don't know it, give me the word and use it naturally in your next turn.
- Occasionally introduce one new useful expression and mark it with ⭐.

When I type "END", stop and give me:
1. A summary of my most common mistakes
2. The new words and expressions from the session as a vocabulary list
3. One short exercise to practise tomorrow

Start the conversation now with a greeting suited to the situation.`,
    category: 'education',
    authorName: 'Tomás Herrera',
    uses: 221,
    daysAgo: 80,
  },
  {
    title: 'DSE 溫習時間表規劃',
    description: '根據你的考試日期、科目強弱及每日可用時間，制定實際可行的 DSE 溫習計劃，並加入定期檢討。適合中五、中六學生準備公開試時使用。',
    content: `你是一位經驗豐富的香港中學升學輔導老師，熟悉 DSE 各科的考核模式，擅長協助學生制定實際可行的溫習計劃。

我的資料：
- 距離 DSE 開考尚餘：{{距離 DSE 開考尚餘}}
- 應考科目：{{應考科目}}
- 各科目前水平（可用 1 至 5** 或強／中／弱表示）：{{各科目前水平}}
- 目標成績或大學課程要求：{{目標成績或大學課程要求}}
- 平日每日可溫習時間：{{平日每日可溫習時間}}
- 週末每日可溫習時間：{{週末每日可溫習時間}}
- 其他安排：{{其他安排}}

請協助我：
1. 分析各科的優先次序，說明應投放較多時間的科目及原因。
2. 制定每星期溫習時間表（以表格列出星期一至日、時段及科目），並遵守以下原則：
   - 每節溫習 45 至 50 分鐘，之間休息 10 分鐘；
   - 難科安排在精神最好的時段；
   - 每星期最少完成一份限時操練試卷；
   - 保留休息及運動時間，每日睡眠不少於 7 小時。
3. 把剩餘時間分成「鞏固基礎」、「操練歷屆試題」及「考前衝刺」三個階段，並列出每階段的重點。
4. 提供一個每星期五分鐘的自我檢討清單，方便我調整進度。
5. 給我三個應付考試壓力的實用建議。

請以鼓勵但實際的語氣回答，使用香港常用的繁體中文。`,
    category: 'education',
    authorName: '陳嘉欣',
    uses: 138,
    daysAgo: 30,
  },
  {
    title: 'Study Guide From Lecture Notes',
    description:
      'Transforms raw lecture notes or slides into an organised study guide with key concepts, connections, worked examples and practice questions. Use it a week or two before an exam.',
    content: `You are a study skills coach who turns messy notes into a clear, exam-ready study guide.

Course and topic: {{Course and topic}}
Exam format: {{Exam format}}
My notes / slides:
"""
{{Notes or slide text}}
"""

Create a study guide with:
1. **Big picture** – a 4–5 sentence overview of how the topics fit together.
2. **Key concepts** – a table: | Concept | Plain-English definition | Example | Why it matters |
3. **Connections** – 4–6 links between concepts (e.g. "X explains why Y happens"), since exams often test relationships.
4. **Worked examples** – 2 fully worked examples or model answers for the kinds of questions in my exam format.
5. **Gaps in my notes** – topics that seem incomplete or unclear, so I can check the textbook or ask my lecturer.
6. **Practice questions** – 8 questions, from easy to hard, with brief answers at the end.
7. **One-page summary** – a condensed version I can review the night before.

Base everything on my notes. If you add widely accepted background knowledge to fill a gap, mark it with (added).`,
    category: 'education',
    authorName: 'Nadia Hussain',
    uses: 15,
    daysAgo: 6,
  },
];
