/**
 * One chat site's composer, built with the editor library the real site uses (bundled by
 * composer-sites.ts at test time, served at the site's real host name). The page exposes
 * `window.fixture.model()`: the text as the editor's own model holds it (not the DOM), so a test
 * proves the editor took the insert. `?broken=1` makes the composer silently ignore input (each
 * editor throws the change away and shows its old state again), as a redesign the extension does
 * not know would.
 */
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { $getRoot, createEditor, type LexicalEditor } from 'lexical';
import { registerPlainText } from '@lexical/plain-text';
import { registerRichText, HeadingNode, QuoteNode } from '@lexical/rich-text';
import { baseKeymap } from 'prosemirror-commands';
import { keymap } from 'prosemirror-keymap';
import { schema } from 'prosemirror-schema-basic';
import { EditorState, Plugin } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import Quill from 'quill/core';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';

export type FixtureEditor = 'prosemirror' | 'tiptap' | 'quill' | 'lexical-rich' | 'lexical-plain' | 'textarea';
export interface FixtureSite {
  editor: FixtureEditor;
  /** The composer's surroundings; the element marked `data-mount` becomes (or holds) the editor. */
  composer: string;
  /** Attributes the editor element gets (ProseMirror and TipTap make their own element). */
  attributes?: Record<string, string>;
  /** An "edit message" box in the thread, matching the site's selectors but inside an avoided container. */
  decoy: string;
}

declare global {
  interface Window {
    FIXTURE: FixtureSite;
    fixture: { model: () => string; decoy: () => string; sent: () => number };
  }
}

const site = window.FIXTURE;
const broken = new URLSearchParams(location.search).has('broken');
let sent = 0;

document.body.innerHTML = `<main class="thread">${site.decoy}</main><footer class="composer-area">${site.composer}</footer>`;
const mount = document.querySelector<HTMLElement>('[data-mount]')!;
const decoy = document.querySelector<HTMLElement>('main.thread [contenteditable], main.thread textarea')!;

/** The sites send on Enter: count sends, so a test sees a key that leaked. */
function countSends(el: HTMLElement) {
  el.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      sent++;
      event.preventDefault();
    }
  });
}

/** A ProseMirror that refuses every change to its document. */
const refuseChanges = new Plugin({ filterTransaction: (tr) => !broken || !tr.docChanged });

function lexicalLines(editor: LexicalEditor): string {
  return editor.getEditorState().read(() =>
    $getRoot()
      .getChildren()
      .map((block) => block.getTextContent())
      .join('\n'),
  );
}

let model: () => string;
switch (site.editor) {
  case 'prosemirror': {
    const view = new EditorView(
      { mount },
      { state: EditorState.create({ schema, plugins: [keymap(baseKeymap), refuseChanges] }), attributes: site.attributes },
    );
    model = () => view.state.doc.textBetween(0, view.state.doc.content.size, '\n', '\n');
    break;
  }
  case 'tiptap': {
    const editor = new Editor({ element: mount, extensions: [StarterKit], editorProps: { attributes: site.attributes ?? {} } });
    editor.registerPlugin(refuseChanges);
    model = () => editor.getText({ blockSeparator: '\n' });
    break;
  }
  case 'quill': {
    const quill = new Quill(mount);
    if (broken) quill.on('text-change', (_delta, old, source) => source === 'user' && quill.setContents(old, 'silent'));
    // Quill's model ends with its own newline.
    model = () => quill.getText().replace(/\n$/, '');
    break;
  }
  case 'lexical-rich':
  case 'lexical-plain': {
    const editor = createEditor({ namespace: 'fixture', nodes: [HeadingNode, QuoteNode], onError: (e) => console.error(e) });
    editor.setRootElement(mount);
    if (site.editor === 'lexical-rich') registerRichText(editor);
    else registerPlainText(editor);
    if (broken) {
      const empty = editor.getEditorState();
      editor.registerUpdateListener(({ editorState }) => {
        if (editorState.read(() => $getRoot().getTextContent()) !== '') queueMicrotask(() => editor.setEditorState(empty));
      });
    }
    model = () => lexicalLines(editor);
    break;
  }
  case 'textarea': {
    let value = '';
    const attributes = Object.fromEntries(
      [...mount.attributes].filter((a) => a.name !== 'data-mount').map((a) => [a.name === 'class' ? 'className' : a.name, a.value]),
    );
    const host = document.createElement('div');
    mount.replaceWith(host);
    function Composer() {
      const [text, setText] = useState('');
      value = text;
      // A broken composer is controlled but never takes the change: React puts its old value back.
      return <textarea {...attributes} rows={3} value={text} onChange={(e) => !broken && setText(e.target.value)} />;
    }
    flushSync(() => createRoot(host).render(<Composer />));
    model = () => value;
    break;
  }
}
const editable = document.querySelector<HTMLElement>('footer [contenteditable=true], footer textarea')!;
countSends(editable);

window.fixture = {
  model: () => model(),
  decoy: () => (decoy instanceof HTMLTextAreaElement ? decoy.value : (decoy.textContent ?? '')),
  sent: () => sent,
};
document.body.dataset.ready = 'true';
