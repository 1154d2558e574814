/**
 * One `class` write per change in the browser's Preact (ADR-0019). preact/compat copies React's
 * `className` to `class` and keeps both as enumerable props, so Preact's diff writes the
 * attribute twice for every change: harmless on screen, but each write is a DOM mutation (two
 * "class changes" of the header per scroll threshold, double work for every list). After
 * compat's own vnode hook, `className` is left readable but no longer enumerated, so only
 * `class` is diffed. Import once, from the browser entry, before anything renders.
 */
import { options } from 'preact';
// compat installs its vnode hook on import; this one must run after it.
import 'preact/compat';

const compatVNode = options.vnode?.bind(options);
options.vnode = (vnode) => {
  compatVNode?.(vnode);
  const props = vnode.props as Record<string, unknown>;
  if (typeof vnode.type === 'string' && Object.prototype.propertyIsEnumerable.call(props, 'className')) {
    Object.defineProperty(props, 'className', { value: props.className, enumerable: false, configurable: true, writable: true });
  }
};
