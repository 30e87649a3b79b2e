import type { ComponentProps } from 'react';
import { cx } from '#client/lib/class-names.ts';

export interface SwitchProps extends Omit<ComponentProps<'button'>, 'onChange' | 'value' | 'type' | 'role'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/**
 * An on/off switch: a button with the switch role, as Radix's Switch renders it (aria-checked,
 * data-state on the button and its thumb), without its ~3.5 KB gzipped on the home page's first
 * render (issue 25 item 2). Always controlled. Left out: the hidden checkbox Radix adds in a form,
 * which only submits a named switch (none is named: each saves through its own state).
 */
export const Switch = ({ checked, onCheckedChange, className, disabled, ...props }: SwitchProps) => {
  const state = checked ? 'checked' : 'unchecked';
  const disabledMark = disabled ? '' : undefined;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      data-disabled={disabledMark}
      disabled={disabled}
      className={cx(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border border-border-strong bg-surface-raised p-0.5 transition-colors data-[state=checked]:border-accent data-[state=checked]:bg-accent disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
      onClick={() => onCheckedChange(!checked)}
    >
      <span
        data-state={state}
        data-disabled={disabledMark}
        className="pointer-events-none block size-[1.125rem] rounded-full bg-foreground shadow transition-transform data-[state=checked]:translate-x-5 data-[state=checked]:bg-accent-foreground"
      />
    </button>
  );
};
