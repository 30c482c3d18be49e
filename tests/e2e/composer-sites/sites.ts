import type { FixtureSite } from './page';

/** Each site's composer and an edit-message decoy, as the site table describes them (extension/src/sites.json). */
export const FIXTURE_SITES: Record<string, FixtureSite> = {
  chatgpt: {
    editor: 'prosemirror',
    composer: '<form><div id="prompt-textarea" data-mount></div><textarea name="prompt-textarea" style="display:none"></textarea></form>',
    decoy: '<article><form><div class="ProseMirror" contenteditable="true">Earlier question</div></form></article>',
  },
  claude: {
    editor: 'prosemirror',
    composer: '<fieldset><div data-mount></div></fieldset>',
    attributes: { 'data-testid': 'chat-input' },
    decoy: '<div data-testid="user-message"><div class="ProseMirror" contenteditable="true" data-testid="chat-input">Earlier question</div></div>',
  },
  gemini: {
    editor: 'quill',
    composer: '<rich-textarea data-mount></rich-textarea>',
    decoy: '<user-query><rich-textarea><div class="ql-editor" contenteditable="true">Earlier question</div></rich-textarea></user-query>',
  },
  perplexity: {
    editor: 'lexical-rich',
    composer: '<div id="ask-input" contenteditable="true" data-mount></div>',
    decoy: '<div class="edit-query"><div data-lexical-editor="true" contenteditable="true">Earlier question</div></div>',
  },
  deepseek: {
    editor: 'textarea',
    composer: '<textarea id="chat-input" placeholder="Message DeepSeek" data-mount></textarea>',
    decoy: '<div class="ds-message"><textarea placeholder="Edit">Earlier question</textarea></div>',
  },
  copilot: {
    editor: 'textarea',
    composer: '<textarea id="userInput" data-testid="composer-input" data-mount></textarea>',
    decoy: '<div data-content="user-message"><textarea id="userInput">Earlier question</textarea></div>',
  },
  grok: {
    editor: 'tiptap',
    composer: '<form><div data-mount></div></form>',
    decoy: '<div class="message-bubble"><div class="tiptap ProseMirror" contenteditable="true">Earlier question</div></div>',
  },
  kimi: {
    editor: 'lexical-plain',
    composer: '<div class="chat-input-editor" contenteditable="true" data-mount></div>',
    decoy: '<div class="segment-user"><div class="editor"><div class="chat-input-editor" contenteditable="true">Earlier question</div></div></div>',
  },
  doubao: {
    editor: 'textarea',
    composer: '<textarea data-testid="chat_input_input" class="semi-input-textarea" data-mount></textarea>',
    decoy: '<div data-testid="message_content"><textarea>Earlier question</textarea></div>',
  },
  qwen: {
    editor: 'textarea',
    composer: '<textarea id="chat-input" data-mount></textarea>',
    decoy: '<div class="chat-user-message"><textarea>Earlier question</textarea></div>',
  },
};
