import { LogOut } from 'lucide-react';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { useSignOut } from '#client/lib/session/use-sign-out.ts';

/** 'Sign Out': ends the session here and in every open tab, then goes home. */
export const SignOutButton = ({ variant = 'outline', ...props }: Omit<ButtonProps, 'onClick' | 'children'>) => {
  const { signOut, signingOut } = useSignOut();
  return (
    <Button variant={variant} disabled={signingOut} aria-busy={signingOut} onClick={() => void signOut()} {...props}>
      <LogOut aria-hidden="true" />
      {signingOut ? 'Signing out...' : 'Sign Out'}
    </Button>
  );
};
