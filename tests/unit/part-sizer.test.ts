import { describe, expect, it } from 'vitest';
import { PartSizer } from '../../events';

describe('PartSizer: parts that end within a time budget', () => {
  it('starts with the first size, before anything is measured', () => {
    const sizer = new PartSizer(30, 10, 50);
    expect(sizer.next()).toBe(10);
    expect(sizer.expectedMs(10)).toBe(0);
  });

  it('takes as many items as fit in the budget at the measured cost, within the most', () => {
    const sizer = new PartSizer(30, 10, 50);
    sizer.took(10, 20); // 2 ms an item
    expect(sizer.next()).toBe(15);
    expect(sizer.expectedMs(15)).toBe(30);
    const cheap = new PartSizer(30, 10, 50);
    cheap.took(10, 1); // 0.1 ms an item: 300 would fit
    expect(cheap.next()).toBe(50);
  });

  it('shrinks at once for heavy items and grows back over light ones', () => {
    const sizer = new PartSizer(30, 10, 50);
    sizer.took(10, 10); // 1 ms an item
    sizer.took(10, 190); // long prompts: 19 ms an item, the cost now at once
    expect(sizer.next()).toBe(1);
    sizer.took(1, 1); // light again: (1 + 19) / 2 = 10 ms
    expect(sizer.next()).toBe(3);
    sizer.took(3, 3); // (1 + 10) / 2
    expect(sizer.next()).toBe(5);
  });

  it('takes one item at least, however long one takes', () => {
    const sizer = new PartSizer(30, 10, 50);
    sizer.took(1, 500);
    expect(sizer.next()).toBe(1);
  });
});
