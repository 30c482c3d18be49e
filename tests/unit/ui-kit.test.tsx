import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button, buttonClass } from '../../src/ui/Button';
import { cx } from '../../src/ui/cx';
import { DataTable, type DataColumn } from '../../src/ui/DataTable';
import { Dialog } from '../../src/ui/Dialog';
import { Field } from '../../src/ui/Field';
import { FieldError } from '../../src/ui/FieldError';
import { Input } from '../../src/ui/Input';
import { Label } from '../../src/ui/Label';
import { Select } from '../../src/ui/Select';
import { Submit } from '../../src/ui/Submit';
import { Textarea } from '../../src/ui/Textarea';

/**
 * The UI kit primitives as the server renders them (what a page shows before hydration):
 * native attributes reach the element, a caller's classes join the primitive's own, and the
 * variants draw the `.btn-*` looks of global.css that pages and tests rely on.
 */

/** The attributes of the first `<tag ...>` in the markup, by lower-case name (HTML ignores case; React writes maxLength). */
function attrs(html: string, tag: string): Record<string, string> {
  const open = new RegExp(`<${tag}(\\s[^>]*)?>`).exec(html);
  if (!open) throw new Error(`no <${tag}> in ${html}`);
  return Object.fromEntries([...(open[1] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1].toLowerCase(), m[2]]));
}

function render(element: ReactElement) {
  return renderToStaticMarkup(element);
}

/** Class order carries no meaning in CSS: compare the set. */
function classes(value: string | undefined) {
  return (value ?? '').split(/\s+/).filter(Boolean).sort();
}

describe('cx', () => {
  it('joins the given classes and drops empty and false parts', () => {
    expect(cx('input', false, undefined, '', null, 'pr-11')).toBe('input pr-11');
  });
});

describe('Button', () => {
  it('renders each variant and size with its global.css classes', () => {
    expect(classes(buttonClass())).toEqual(['btn', 'btn-primary']);
    expect(classes(buttonClass({ variant: 'outline', size: 'sm' }))).toEqual(['btn', 'btn-outline', 'btn-sm']);
    expect(classes(buttonClass({ variant: 'ghost', size: 'lg' }))).toEqual(['btn', 'btn-ghost', 'btn-lg']);
    expect(classes(buttonClass({ variant: 'plain', size: 'lg' }))).toEqual(['btn', 'btn-lg']);
    // The icon look is a square of its own, not a .btn.
    expect(classes(buttonClass({ variant: 'icon', size: 'sm' }))).toEqual(['btn-icon']);
  });

  it('merges a caller className after the variant classes', () => {
    expect(buttonClass({ variant: 'outline', className: 'w-full justify-start' })).toBe('btn btn-outline w-full justify-start');
    const a = attrs(
      render(
        <Button variant="ghost" size="sm" className="ml-auto text-destructive">
          Delete
        </Button>,
      ),
      'button',
    );
    expect(classes(a.class)).toEqual(['btn', 'btn-ghost', 'btn-sm', 'ml-auto', 'text-destructive']);
  });

  it('passes native props through and never submits a form unless asked', () => {
    const html = render(
      <Button variant="outline" aria-pressed={true} aria-label="Bookmarked" data-testid="bookmark" disabled>
        Save
      </Button>,
    );
    const a = attrs(html, 'button');
    expect(a.type).toBe('button');
    expect(a['aria-pressed']).toBe('true');
    expect(a['aria-label']).toBe('Bookmarked');
    expect(a['data-testid']).toBe('bookmark');
    expect(a.disabled).toBe('');
    expect(html).toContain('>Save</button>');
    expect(attrs(render(<Button type="submit">Go</Button>), 'button').type).toBe('submit');
  });
});

describe('Input, Textarea, Select, Label, FieldError', () => {
  it('pass native props through and merge className onto the kit look', () => {
    const input = attrs(render(<Input name="q" maxLength={80} autoComplete="off" inputMode="numeric" required className="h-11" />), 'input');
    expect(input).toMatchObject({ name: 'q', maxlength: '80', autocomplete: 'off', inputmode: 'numeric', required: '' });
    expect(classes(input.class)).toEqual(['h-11', 'input']);

    const textarea = attrs(render(<Textarea name="d" rows={3} maxLength={200} className="min-h-20" />), 'textarea');
    expect(textarea).toMatchObject({ name: 'd', rows: '3', maxlength: '200' });
    expect(classes(textarea.class)).toEqual(['input', 'min-h-20', 'py-2']);

    const select = attrs(
      render(
        <Select name="sort" defaultValue="new" data-live-select="true">
          <option value="new">New</option>
        </Select>,
      ),
      'select',
    );
    expect(select).toMatchObject({ name: 'sort', 'data-live-select': 'true', class: 'input' });

    expect(
      attrs(
        render(
          <Label htmlFor="x" className="sr-only">
            Name
          </Label>,
        ),
        'label',
      ),
    ).toMatchObject({ for: 'x', class: 'block text-sm font-medium sr-only' });
    expect(
      attrs(
        render(
          <FieldError id="x-error" data-testid="error-name">
            Too short
          </FieldError>,
        ),
        'p',
      ),
    ).toMatchObject({ id: 'x-error', 'data-testid': 'error-name' });
  });

  it('mark an invalid value for sighted and assistive users alike', () => {
    const ok = attrs(render(<Input />), 'input');
    expect(ok['aria-invalid']).toBeUndefined();
    expect(classes(ok.class)).toEqual(['input']);
    for (const html of [render(<Input invalid />), render(<Textarea invalid />), render(<Select invalid />)]) {
      const a = attrs(html, html.slice(1, html.search(/[\s>]/)));
      expect(a['aria-invalid']).toBe('true');
      expect(classes(a.class)).toContain('border-destructive');
    }
  });
});

describe('Field', () => {
  const noop = () => {};

  it('passes maxLength and autoComplete to its input, labelled by its label', () => {
    const html = render(<Field label="Title" name="title" value="" onChange={noop} maxLength={100} autoComplete="off" placeholder="A title" />);
    const input = attrs(html, 'input');
    expect(input).toMatchObject({ name: 'title', type: 'text', maxlength: '100', autocomplete: 'off', placeholder: 'A title' });
    expect(attrs(html, 'label').for).toBe(input.id);
    expect(input['aria-invalid']).toBeUndefined();
  });

  it('passes native props to its text area when given rows', () => {
    const html = render(<Field label="Content" name="content" value="x" onChange={noop} rows={8} maxLength={5000} />);
    expect(html).not.toContain('<input');
    expect(attrs(html, 'textarea')).toMatchObject({ name: 'content', rows: '8', maxlength: '5000' });
  });

  it('shows its error, points the input at it and keeps the password toggle named', () => {
    const html = render(
      <Field
        label="Password"
        name="password"
        type="password"
        value=""
        onChange={noop}
        autoComplete="current-password"
        error="Too short"
        showLabel="Show password"
      />,
    );
    const input = attrs(html, 'input');
    expect(input).toMatchObject({ type: 'password', autocomplete: 'current-password', 'aria-invalid': 'true' });
    expect(classes(input.class)).toEqual(['border-destructive', 'input', 'pr-11']);
    const error = attrs(html, 'p');
    expect(error['data-testid']).toBe('error-password');
    expect(input['aria-describedby']).toBe(error.id);
    expect(attrs(html, 'button')).toMatchObject({ type: 'button', 'aria-label': 'Show password', 'aria-pressed': 'false' });
  });

  it('keeps its help text visible while it shows an error, and describes the input by both', () => {
    const html = render(
      <Field label="Email" name="email" type="email" value="x" onChange={noop} help="We never share it." error="Please enter a valid email" />,
    );
    expect(html).toContain('We never share it.');
    expect(html).toContain('Please enter a valid email');
    const ids = attrs(html, 'input')['aria-describedby'].split(' ');
    for (const id of ids) expect(html).toContain(`id="${id}"`);
    expect(ids).toHaveLength(2);
  });
});

describe('Submit and Dialog', () => {
  it('Submit is the full-width primary button, disabled and busy while the call runs', () => {
    const idle = attrs(render(<Submit busy={false} label="Sign in" busyLabel="Signing in" testId="login-submit" />), 'button');
    expect(idle).toMatchObject({ type: 'submit', 'aria-busy': 'false', 'data-testid': 'login-submit' });
    expect(idle.disabled).toBeUndefined();
    expect(classes(idle.class)).toEqual(['btn', 'btn-primary', 'w-full']);
    const busy = render(<Submit busy label="Sign in" busyLabel="Signing in" />);
    expect(attrs(busy, 'button')).toMatchObject({ disabled: '', 'aria-busy': 'true' });
    expect(busy).toContain('Signing in');
  });

  it('Dialog names itself by its title, merges className and names its close button', () => {
    const html = render(
      <Dialog open={false} onClose={() => {}} title="New collection" closeLabel="Close" className="shadow-lg" data-testid="dialog">
        <p>body</p>
      </Dialog>,
    );
    const dialog = attrs(html, 'dialog');
    expect(dialog['data-testid']).toBe('dialog');
    expect(classes(dialog.class)).toEqual(expect.arrayContaining(['card', 'shadow-lg']));
    expect(attrs(html, 'h2').id).toBe(dialog['aria-labelledby']);
    expect(attrs(html, 'button')).toMatchObject({ type: 'button', class: 'btn-icon', 'aria-label': 'Close' });
    // Closed, the body is not rendered (its form state starts fresh on each opening).
    expect(html).not.toContain('body');
  });
});

describe('DataTable', () => {
  type Row = { id: number; name: string; note?: string };
  const columns: DataColumn<Row>[] = [
    { key: 'id', header: 'Id', headerClassName: 'whitespace-nowrap', cell: (r) => `#${r.id}` },
    { key: 'name', header: 'Name', className: 'font-medium', cell: (r) => r.name },
  ];
  const table = (rows: Row[] | null, extra: { stacked?: boolean } = {}) =>
    render(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        rowAttributes={(r) => ({ 'data-testid': 'row', 'data-id': r.id })}
        below={(r) => r.note && <em>{r.note}</em>}
        empty="Nothing here"
        emptyTestId="none"
        testId="things"
        {...extra}
      />,
    );

  it('draws a header cell per column and a row per item, each with its attributes and cells in column order', () => {
    const html = table([
      { id: 1, name: 'Ada' },
      { id: 2, name: 'Grace', note: 'rejected before' },
    ]);
    expect(attrs(html, 'table')).toMatchObject({ 'data-testid': 'things', 'aria-busy': 'false' });
    expect([...html.matchAll(/<th scope="col" class="([^"]*)">([^<]*)</g)].map((m) => [m[2], m[1]])).toEqual([
      ['Id', 'px-4 py-3 font-medium whitespace-nowrap'],
      ['Name', 'px-4 py-3 font-medium'],
    ]);
    expect([...html.matchAll(/<tr [^>]*data-testid="row" data-id="(\d+)"/g)].map((m) => m[1])).toEqual(['1', '2']);
    expect(html).toMatch(/<td class="px-4 py-3">#1<\/td><td class="px-4 py-3 font-medium">Ada<\/td>/);
    // The row below spans the table, for the rows that have something to show there only.
    expect([...html.matchAll(/<td colSpan="2"[^>]*><em>([^<]*)<\/em>/g)].map((m) => m[1])).toEqual(['rejected before']);
  });

  it('is busy with a placeholder row while loading, and says so when empty', () => {
    const loading = table(null);
    expect(attrs(loading, 'table')['aria-busy']).toBe('true');
    expect(loading).toContain('animate-pulse');
    const empty = table([]);
    expect(attrs(empty, 'td')).toMatchObject({ colspan: '2', 'data-testid': 'none' });
    expect(empty).toContain('Nothing here');
  });

  it('stacks rows into cards below 768 px only when asked, the headers then for screen readers', () => {
    const stacked = table([{ id: 1, name: 'Ada' }], { stacked: true });
    expect(classes(attrs(stacked, 'thead').class)).toContain('max-md:sr-only');
    const row = /<tr class="([^"]*)" data-testid="row"/.exec(stacked)!;
    expect(classes(row[1])).toEqual(expect.arrayContaining(['max-md:flex', 'max-md:flex-wrap']));
    expect(table([{ id: 1, name: 'Ada' }])).not.toContain('max-md:');
  });
});
