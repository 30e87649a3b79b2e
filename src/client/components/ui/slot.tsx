import {
  cloneElement,
  type HTMLAttributes,
  isValidElement,
  type ReactElement,
  type Ref,
  type RefCallback,
  useCallback,
} from 'react';

type SlotProps = HTMLAttributes<HTMLElement> & { children?: unknown; ref?: Ref<HTMLElement> };
type ChildProps = Record<string, unknown> & { ref?: Ref<HTMLElement> };

/**
 * Renders its one child element with the slot's props merged in, as Radix's Slot does for Button's
 * `asChild` (a router Link styled as a button), without Radix's ~1 KB gzipped on every page's first
 * render (issue 25 item 2). Radix's rules: the child's own props win, except that both classNames
 * are kept (the slot's first), both handlers run (the child's first), styles merge, both
 * aria-describedby lists are kept and both refs are set.
 */
export const Slot = ({ children, ref, ...slotProps }: SlotProps) => {
  if (!isValidElement<ChildProps>(children)) throw new Error('Slot (asChild) needs exactly one element child');
  const childProps = children.props;
  const composedRef = useBothRefs(ref, childProps.ref);
  const merged: ChildProps = { ...slotProps, ...childProps };
  for (const [name, childValue] of Object.entries(childProps)) {
    const slotValue = (slotProps as Record<string, unknown>)[name];
    if (slotValue === undefined) continue;
    if (/^on[A-Z]/.test(name)) merged[name] = bothHandlers(childValue, slotValue);
    else if (name === 'className') merged[name] = [slotValue, childValue].filter(Boolean).join(' ');
    else if (name === 'style') merged[name] = { ...(slotValue as object), ...(childValue as object) };
    else if (name === 'aria-describedby') merged[name] = bothIdLists(childValue, slotValue);
  }
  merged.ref = ref ? composedRef : childProps.ref;
  return cloneElement(children as ReactElement<ChildProps>, merged);
};

function bothHandlers(child: unknown, slot: unknown): unknown {
  if (typeof child !== 'function' || typeof slot !== 'function') return child || slot;
  return (...args: unknown[]) => {
    const result = child(...args);
    slot(...args);
    return result;
  };
}

function bothIdLists(...lists: unknown[]): string | undefined {
  const ids = new Set(lists.flatMap((list) => (typeof list === 'string' ? list.trim().split(/\s+/) : [])));
  ids.delete('');
  return ids.size > 0 ? [...ids].join(' ') : undefined;
}

function useBothRefs(first?: Ref<HTMLElement>, second?: Ref<HTMLElement>): RefCallback<HTMLElement> {
  return useCallback(
    (node: HTMLElement | null) => {
      for (const ref of [first, second]) {
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }
    },
    [first, second],
  );
}
