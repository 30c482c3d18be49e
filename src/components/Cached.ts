/**
 * `<Cached store={Astro.locals.fragments} cacheKey={…}>…</Cached>`: renders its children once
 * per key and writes the kept HTML on later pages (src/server/render/fragment-cache.ts). The
 * key must name everything the children show (their props as the request read them, the
 * language): the children are not rendered at all on a hit. `cacheKey` null renders them
 * every time.
 *
 * An Astro component written as a function (what `.astro` files compile to) because it needs
 * what no `.astro` file has: its slot rendered into a list that keeps Astro's render
 * instructions apart from the HTML, in order. Written back (on a miss as on a hit), Astro
 * decides as always whether each island's hydration script is due at that point of the page;
 * `Astro.slots.render` would decide it early, when the piece renders, wherever that falls.
 */
import { createComponent, markHTMLString, renderSlot, renderTemplate } from 'astro/runtime/server/index.js';
import { SlotString } from 'astro/runtime/server/render/slot.js';
import type { FragmentCache, FragmentChunk } from '../server/render/fragment-cache';

interface Props {
  store: FragmentCache;
  cacheKey: string | null;
}

const isInstruction = (chunk: unknown): chunk is { type: string } =>
  typeof chunk === 'object' && chunk !== null && typeof (chunk as { type?: unknown }).type === 'string';

const Cached = createComponent(async (result: unknown, props: Props, slots: Record<string, unknown>) => {
  const { store, cacheKey } = props;
  const kept = cacheKey === null ? undefined : store.get(cacheKey);
  if (kept) return written(kept);
  const chunks: FragmentChunk[] = [];
  let keepable = true;
  const record = (chunk: unknown): void => {
    if (typeof chunk === 'string') chunks.push(chunk);
    else if (chunk instanceof SlotString) {
      // As Astro writes one (common.js, stringifyChunk): its instructions, then its parts.
      for (const instruction of chunk.instructions ?? []) record(instruction);
      if (chunk.chunks.length) for (const part of chunk.chunks) record(part);
      else chunks.push(chunk.toString());
    } else if (isInstruction(chunk)) chunks.push(chunk);
    else if (chunk instanceof Object && !ArrayBuffer.isView(chunk) && !(chunk instanceof Response))
      chunks.push(chunk.toString()); // an HTMLString: already escaped
    else {
      // Bytes or a Response: written as they came, and the piece is not kept.
      keepable = false;
      chunks.push(chunk as FragmentChunk);
    }
  };
  await renderSlot(result as never, slots.default as never).render({ write: record });
  if (keepable && cacheKey !== null) store.set(cacheKey, chunks);
  return written(chunks);
});

/** The piece as template children: HTML marked as such (no second escaping), instructions as they are. */
function written(chunks: FragmentChunk[]) {
  return renderTemplate`${chunks.map((chunk) => (typeof chunk === 'string' ? markHTMLString(chunk) : chunk))}`;
}

export default Cached;
