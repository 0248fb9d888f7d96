import { STORAGE_KEYS } from '@collective/platform';
import { DEFAULT_THEME_TENANT, DEFAULT_VARIANT } from './constants';
import { rootStyle } from './css-variables';
import { THEMES } from './themes';

function json(value: unknown): string {
  // Safe inside <script>: no "</script" or "<!--" can appear.
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The pre-paint boot snippet: plain ES5 JavaScript, meant to be inlined as a
 * classic `<script>` at the top of `<head>`, before any stylesheet. It reads
 * the stored `activeTenant` and `themeVariant` (a throwing `localStorage`
 * counts as empty), resolves them exactly as `resolveThemeKey` does and sets
 * the same inline style and `data-theme` on `<html>` as `applyTheme`, so the
 * first frame already has the right theme.
 *
 * Generated from the theme definitions on each call, so it cannot drift from
 * them; the output is deterministic, which lets a Content-Security-Policy
 * allow it by its sha256 hash.
 */
export function themeBootScript(): string {
  const themes = Object.values(THEMES);
  const styles = themes.map((theme) => rootStyle(theme));
  const first = styles[0] ?? {};
  const shared: Record<string, string> = {};
  for (const [name, value] of Object.entries(first)) {
    if (styles.every((style) => style[name] === value)) shared[name] = value;
  }
  // Per theme, only the values that differ, in the order of one shared name
  // list; a value repeated across themes is written once and referred to by
  // its index.
  const names = Object.keys(first).filter((name) => !(name in shared));
  const counts = new Map<string, number>();
  for (const style of styles)
    for (const name of names) {
      const value = style[name] ?? '';
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
  const repeated = [...counts]
    .filter(([value, count]) => count > 1 && value.length > 8)
    .map(([value]) => value);
  const own: Record<string, (string | number)[]> = {};
  themes.forEach((theme, index) => {
    own[theme.key] = names.map((name) => {
      const value = styles[index]?.[name] ?? '';
      const at = repeated.indexOf(value);
      return at === -1 ? value : at;
    });
  });
  const variants: Record<string, Record<string, string>> = {};
  for (const theme of themes) {
    (variants[theme.tenant] ??= {})[theme.variant] = theme.key;
  }
  return (
    '(function(){try{' +
    'var h=Object.prototype.hasOwnProperty,' +
    `b=${json(shared)},n=${json(names)},d=${json(repeated)},t=${json(own)},v=${json(variants)},` +
    'r=document.documentElement,s=null,x=null,p,m,k,i,y;' +
    `try{s=localStorage.getItem(${json(STORAGE_KEYS.activeTenant)});` +
    `x=localStorage.getItem(${json(STORAGE_KEYS.themeVariant)})}catch(e){}` +
    `m=h.call(v,s)?v[s]:v[${json(DEFAULT_THEME_TENANT)}];` +
    `k=h.call(m,x)?m[x]:m[${json(DEFAULT_VARIANT)}];` +
    'for(p in b)if(h.call(b,p))r.style.setProperty(p,b[p]);' +
    'for(i=0;i<n.length;i++){y=t[k][i];r.style.setProperty(n[i],typeof y=="number"?d[y]:y)}' +
    'r.setAttribute("data-theme",k)' +
    '}catch(e){}})();'
  );
}
