import panelCss from '../pages/style.css';
import pickerCss from './picker.css';

/**
 * The extension's one element in a chat page: a shadow root, so the site's styles cannot
 * reach the picker and ours cannot reach the site. Keys, input and focus events inside it stop
 * at its edge: the sites send on Enter and some pull the focus back to their composer.
 */
export interface Overlay {
  layer: HTMLDivElement;
  /** Places the layer over (or under, when there is no room above) `anchor`, as wide as it up to 480 px. */
  anchorTo: (anchor: DOMRect) => void;
  remove: () => void;
}

const STOPPED = ['keydown', 'keyup', 'keypress', 'beforeinput', 'input', 'focusin', 'focusout', 'paste', 'compositionstart', 'compositionend'];

export function createOverlay(language: string): Overlay {
  const host = document.createElement('promptory-overlay');
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  // The side panel's rules (colours, buttons, the fill-in form) scoped to this root.
  style.textContent = panelCss.replaceAll(':root', ':host') + pickerCss;
  const layer = document.createElement('div');
  layer.className = 'layer';
  layer.lang = language;
  root.append(style, layer);
  for (const type of STOPPED) host.addEventListener(type, (event) => event.stopPropagation());
  document.documentElement.append(host);
  return {
    layer,
    anchorTo(anchor) {
      const width = Math.min(480, Math.max(280, anchor.width), window.innerWidth - 16);
      const left = Math.max(8, Math.min(anchor.left, window.innerWidth - width - 8));
      const above = anchor.top - 8;
      const below = window.innerHeight - anchor.bottom - 8;
      layer.style.left = `${left}px`;
      layer.style.width = `${width}px`;
      if (above >= below) {
        layer.style.top = '';
        layer.style.bottom = `${window.innerHeight - anchor.top + 6}px`;
        layer.style.maxHeight = `${Math.min(420, above)}px`;
      } else {
        layer.style.bottom = '';
        layer.style.top = `${anchor.bottom + 6}px`;
        layer.style.maxHeight = `${Math.min(420, below)}px`;
      }
    },
    remove: () => host.remove(),
  };
}
