import { createHash } from 'node:crypto';

/**
 * The only inline script the site renders: it runs in <head>, before first paint.
 *
 * 1. Marks the document as scripted (`js` class: shows JS-only controls).
 * 2. Theme: the stored `theme`, else the system preference; sets the
 *    `dark` class on <html> so there is no flash of the wrong theme.
 * 3. Language: query `lng`, cookie `i18next`, localStorage `i18nextLng`,
 *    sessionStorage `i18nextLng`, the browser's languages, then <html lang>; codes that
 *    do not look like language tags are ignored (as normalizeLanguage does on the server).
 *    The choice is cached in localStorage and mirrored into the `i18next` cookie so the
 *    server renders it next time; the page reloads once, only if the server rendered a
 *    different language (e.g. a stored choice on a browser whose cookie was cleared).
 * 4. zod (in the islands' forms) is told not to compile schemas with `new Function` before any
 *    module loads: its probe for eval, run when a schema is built, is refused by this CSP
 *    (no 'unsafe-eval') and reported as a violation on every page that imports a contract.
 *
 * 5. Early clicks: a click on a button (or a checkbox, a switch, a radio button) inside an
 *    island that has not hydrated yet (it still carries Astro's `ssr` mark) would do nothing, as
 *    its handler is not attached yet (a checkbox would change, then React would set it back). It is
 *    held (up to 3 per island) and clicked again once the island hydrated (`astro:hydrate`,
 *    then React attached its props to the button), so no click a user makes is silently lost.
 *    It waits up to 20 s for those props (a throttled phone under load took more than the 3 s
 *    it once waited, and the click then toggled a checkbox React did not see), and never
 *    clicks a control without them (a control in an island's slot is the page's, not React's).
 *    A button React replaced is found again by position only if it still has the same label.
 *    A submit button of a form that names an `action` is left alone: that form is the no-JS
 *    path and submits natively. A form without `action` exists only for its island's handler;
 *    submitted natively it would reload the page (its fields in the URL) and lose the click,
 *    so its submit button (also clicked by Enter in a field: implicit submission) is held too.
 *
 * It is a string literal on purpose: build tools never rewrite it, so the CSP hash below
 * always matches what the page sends. Content-Security-Policy: script-src must list
 * INLINE_SCRIPT_HASHES (astro.config.mjs passes them to Astro's `security.csp`).
 */
export const HEAD_SCRIPT = `(function(){var d=document.documentElement;d.classList.add('js');
window.__zod_globalConfig={jitless:true};
try{var t=localStorage.getItem('theme');if(t!=='light'&&t!=='dark'){t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}
d.classList.toggle('dark',t==='dark');d.style.colorScheme=t}catch(e){}
try{var ok=function(c){if(!c||c.length>35||!/^[A-Za-z0-9_-]+$/.test(c))return null;c=c.toLowerCase().replace('_','-');
if(c==='en'||c.indexOf('en-')===0)return 'en';if(c.indexOf('zh')===0)return 'zh-HK';return null};
var m=document.cookie.match(/(?:^|;\\s*)i18next=([^;]*)/),ck=m?ok(decodeURIComponent(m[1])):null,s=function(k){try{return k.getItem('i18nextLng')}catch(e){return null}};
var nav=(navigator.languages||[navigator.language]).map(ok).filter(Boolean)[0];
var l=ok(new URLSearchParams(location.search).get('lng'))||ck||ok(s(localStorage))||ok(s(sessionStorage))||nav||ok(d.lang)||'en';
localStorage.setItem('i18nextLng',l);
if(ck!==l)document.cookie='i18next='+l+';path=/;max-age=31536000;samesite=lax';
var k='promptory:lng-reload';
if(l!==d.lang&&document.cookie.indexOf('i18next='+l)>-1&&!sessionStorage.getItem(k)){sessionStorage.setItem(k,'1');location.reload()}else{sessionStorage.removeItem(k)}
}catch(e){}
var C='button,input[type=checkbox],input[type=radio]';
document.addEventListener('click',function(e){var t=e.target,b=t&&t.closest?t.closest(C):null;if(!b||b.disabled||(b.type==='submit'&&b.form&&b.form.hasAttribute('action')))return;
var i=b.closest('astro-island');if(!i||!i.hasAttribute('ssr'))return;e.preventDefault();e.stopImmediatePropagation();
var n=[].indexOf.call(i.querySelectorAll(C),b),lb=function(x){return x?x.getAttribute('aria-label')||x.textContent:null};
if(!i.__early){i.__early=[];i.addEventListener('astro:hydrate',function(){var q=i.__early,w=0;i.__early=null;
var hy=function(x){return !!x.closest('astro-slot')||Object.keys(x).some(function(k){return k.indexOf('__reactProps')===0})};
var go=function(){var ready=q.every(function(x){return !x.b.isConnected||hy(x.b)});
if(!ready&&w++<660)return setTimeout(go,30);q.forEach(function(x){var c=x.b.isConnected&&i.contains(x.b)?x.b:i.querySelectorAll(C)[x.n];if(c&&!c.disabled&&lb(c)===x.l&&hy(c))c.click()})};setTimeout(go,0)},{once:true})}
if(i.__early.length<3)i.__early.push({b:b,n:n,l:lb(b)})},true)})();`;

export function cspHash(script: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
}

/** CSP hashes of every inline script the layout renders. */
export const INLINE_SCRIPT_HASHES: `sha256-${string}`[] = [cspHash(HEAD_SCRIPT)];
