import { LogOut, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import type { SessionUser } from '#client/lib/session/use-session.ts';
import { useSignOut } from '#client/lib/session/use-sign-out.ts';
import { SETTINGS_LINK } from './navigation.ts';

const itemClass =
  'flex cursor-pointer select-none items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium outline-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-white/8 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted';

/** The name the user gave (full name if set), else the account name. */
function displayName(user: Pick<SessionUser, 'name' | 'fullName'>): string {
  return user.fullName?.trim() || user.name;
}

/** Up to two initials of the user's name (or the email's first letter) for the menu's button. */
export function initialsOf(user: Pick<SessionUser, 'name' | 'fullName' | 'email'>): string {
  const words = displayName(user).trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  const initials = letters.map((word) => [...word][0]!.toUpperCase()).join('');
  return initials || ([...user.email][0] ?? '?').toUpperCase();
}

/**
 * The desktop header's account menu (Radix DropdownMenu: arrow keys, Enter, Esc, focus returns to
 * the button): who is signed in, Settings, and Sign Out through the same flow as Settings and the
 * small-screen menu. Loaded only for signed-in users (see site-header.tsx).
 */
export const AccountMenu = ({ user }: { user: SessionUser }) => {
  const { signOut, signingOut } = useSignOut();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Account menu" aria-busy={signingOut}>
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full border border-border-strong bg-surface-raised font-display text-xs font-bold"
          >
            {initialsOf(user)}
          </span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={16}
          className="z-50 w-64 rounded-card border border-border-strong bg-surface p-2 shadow-2xl outline-none motion-safe:data-[state=open]:animate-fade-in"
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-3">
            <span className="block truncate font-semibold">{displayName(user)}</span>
            <span className="block truncate text-sm text-muted">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="-mx-2 mb-2 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={SETTINGS_LINK.to}>
              <Settings aria-hidden="true" />
              {SETTINGS_LINK.label}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            disabled={signingOut}
            onSelect={() => {
              void signOut();
            }}
          >
            <LogOut aria-hidden="true" />
            {signingOut ? 'Signing out...' : 'Sign Out'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
};
