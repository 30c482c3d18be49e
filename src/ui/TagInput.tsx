import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from './Icon';

export interface TagInputProps {
  tags: readonly string[];
  /** The whole new set, each time a tag is added or removed. */
  onChange: (tags: string[]) => void;
  label: string;
  placeholder: string;
  /** "Remove {{tag}}": the accessible name of each tag's remove button. */
  removeLabel: (tag: string) => string;
  maxLength: number;
  disabled?: boolean;
  testId?: string;
}

/**
 * A keyboard-friendly tag field: type and press Enter (or a comma) to add a tag, Backspace in
 * the empty field to remove the last one; each tag has its own remove button. Plain chips
 * and a native input, so it renders on the server as it does in the browser.
 * A comma is also read from the typed text: a Chinese input method commits "，" as text, with
 * no key event for it; and Enter that ends a composition picks characters, it adds no tag.
 */
export function TagInput({ tags, onChange, label, placeholder, removeLabel, maxLength, disabled, testId }: TagInputProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const add = (text = typed) => {
    const tag = text.trim().replace(/^#+/, '').trim();
    setTyped('');
    if (tag && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) onChange([...tags, tag]);
  };
  const onTyped = (value: string) => {
    const separator = /[,，]/.exec(value);
    if (separator) add(value.slice(0, separator.index));
    else setTyped(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' || event.key === ',' || event.key === '，') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && typed === '' && tags.length > 0) onChange(tags.slice(0, -1));
  };
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid={testId}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {tags.map((tag) => (
        <span key={tag} className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium" data-testid="tag">
          {tag}
          <button
            type="button"
            className="-m-0.5 rounded-full p-1 text-muted-foreground hover:text-foreground"
            aria-label={removeLabel(tag)}
            disabled={disabled}
            onClick={() => {
              onChange(tags.filter((t) => t !== tag));
              // The button goes with its tag: the field keeps the keyboard's place.
              input.current?.focus();
            }}
          >
            <Icon name="x" size={12} />
          </button>
        </span>
      ))}
      <input
        id={id}
        ref={input}
        value={typed}
        maxLength={maxLength}
        disabled={disabled}
        placeholder={placeholder}
        onChange={(event) => onTyped(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => typed.trim() && add()}
        className="min-w-28 flex-1 rounded-md border border-transparent bg-transparent px-1.5 py-0.5 text-sm"
        data-testid="tag-input"
      />
    </div>
  );
}
