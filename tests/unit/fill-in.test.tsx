import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { initialFillValues, parseTemplate } from '../../modules/prompts/contracts';
import { cancels, fillInFields, keptFillValues, previewParts, submitsFrom, type KeyPress } from '../../src/shared/fill-in';
import { useFillIn, type FillInOptions } from '../../src/shared/use-fill-in';

/**
 * The fill-in form's behaviour, shared by the site's panel and the extension's forms: which
 * control each variable gets, what the preview shows and copies, which keys submit or cancel,
 * what is remembered, and the hook's first render (what a form draws before any typing).
 */

const template = parseTemplate('Write to {{name}} in {{tone:formal|casual}}.\n{{draft}}\nSigned {{name}}, {{place:Hong Kong}}');
const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, isComposing: false, ...extra });

describe('the fill-in model', () => {
  it('gives each variable one field, in order of first appearance: a select for a choice, a textarea for a block, else a line', () => {
    expect(fillInFields(template).map(({ name, kind, options }) => ({ name, kind, options }))).toEqual([
      { name: 'name', kind: 'line', options: undefined },
      { name: 'tone', kind: 'choice', options: ['formal', 'casual'] },
      { name: 'draft', kind: 'block', options: undefined },
      { name: 'place', kind: 'line', options: undefined },
    ]);
  });

  it('offers remembered values under free fields only (a choice offers its options)', () => {
    const fields = fillInFields(template, { name: ['Ada', 'Grace'], tone: ['casual'] });
    expect(Object.fromEntries(fields.map((f) => [f.name, f.recent]))).toEqual({ name: ['Ada', 'Grace'], tone: [], draft: [], place: [] });
  });

  it('previews the text the copy gives, marking each blank and whether it was typed', () => {
    const parts = previewParts(template, { name: 'Ada', tone: 'casual', draft: ' ', place: '' });
    expect(parts.map((p) => (p.kind === 'text' ? p.text : `[${p.text}${p.filled ? '' : '?'}]`)).join('')).toBe(
      'Write to [Ada] in [casual].\n[{{draft}}?]\nSigned [Ada], [Hong Kong?]',
    );
    expect(parts.filter((p) => p.kind === 'blank').map((p) => p.name)).toEqual(['name', 'tone', 'draft', 'name', 'place']);
  });

  it('submits on Enter from a select, on Ctrl or Cmd+Enter from a textarea, and leaves a line to the form', () => {
    expect(submitsFrom('choice', press('Enter'))).toBe(true);
    expect(submitsFrom('block', press('Enter'))).toBe(false);
    expect(submitsFrom('block', press('Enter', { ctrlKey: true }))).toBe(true);
    expect(submitsFrom('block', press('Enter', { metaKey: true }))).toBe(true);
    expect(submitsFrom('line', press('Enter'))).toBe(false);
    expect(submitsFrom('choice', press('a'))).toBe(false);
  });

  it('neither submits nor cancels while an input method composes', () => {
    expect(submitsFrom('choice', press('Enter', { isComposing: true }))).toBe(false);
    expect(submitsFrom('block', press('Enter', { ctrlKey: true, isComposing: true }))).toBe(false);
    expect(cancels(press('Escape', { isComposing: true }))).toBe(false);
    expect(cancels(press('Escape'))).toBe(true);
  });

  it('remembers only the values typed (an emptied field forgets)', () => {
    expect(keptFillValues({ name: 'Ada', draft: '  ', place: '' })).toEqual({ name: 'Ada' });
  });
});

function Probe(props: FillInOptions) {
  const { form, fields, preview, busy } = useFillIn(props);
  return (
    <form onSubmit={form.onSubmit} data-cancellable={form.onKeyDown ? '' : undefined} data-busy={busy || undefined}>
      {fields.map((field) => (
        <input key={field.name} {...field.control} readOnly data-kind={field.kind} data-recent={field.recent.join('|')} />
      ))}
      <output>{preview.parts.map((p) => (p.kind === 'text' ? p.text : `[${p.text}]`)).join('')}</output>
    </form>
  );
}

describe('useFillIn', () => {
  const options: FillInOptions = {
    template,
    initial: initialFillValues(template.variables, { name: 'Ada', tone: 'retired choice' }),
    recent: { name: ['Ada', 'Grace'] },
    onSubmit: () => Promise.resolve(),
  };

  it('starts from the initial values, each field labelled by its own id, the preview filled', () => {
    const html = renderToStaticMarkup(<Probe {...options} />);
    const inputs = [...html.matchAll(/<input ([^>]*)>/g)].map((m) => Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));
    expect(inputs.map((i) => [i.name, i.value, i['data-kind'], i['data-recent']])).toEqual([
      ['name', 'Ada', 'line', 'Ada|Grace'],
      // A remembered choice no longer offered falls back to the default.
      ['tone', 'formal', 'choice', ''],
      ['draft', '', 'block', ''],
      ['place', 'Hong Kong', 'line', ''],
    ]);
    expect(new Set(inputs.map((i) => i.id)).size).toBe(4);
    expect(html).toContain('<output>Write to [Ada] in [formal].\n[{{draft}}]\nSigned [Ada], [Hong Kong]</output>');
    expect(html).not.toContain('data-busy');
  });

  it('takes the initial values lazily, and handles Escape only when the caller can cancel', () => {
    const html = renderToStaticMarkup(<Probe {...options} initial={() => ({ name: 'Grace' })} />);
    expect(html).toMatch(/name="name"[^>]*value="Grace"/);
    expect(html).not.toContain('data-cancellable');
    expect(renderToStaticMarkup(<Probe {...options} onCancel={() => undefined} />)).toContain('data-cancellable');
  });
});
