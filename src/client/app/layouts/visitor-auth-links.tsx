import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { SIGN_IN_LINK, SIGN_UP_LINK } from './navigation.ts';

/** 'Sign Up' and 'Sign In' for a visitor: in the header (small) and the side menu (large). */
export const VisitorAuthLinks = ({ size, className }: { size: 'sm' | 'lg'; className: string }) => (
  <div className={className}>
    <Button asChild variant="outline" size={size}>
      <Link to={SIGN_UP_LINK.to}>{SIGN_UP_LINK.label}</Link>
    </Button>
    <Button asChild size={size}>
      <Link to={SIGN_IN_LINK.to}>{SIGN_IN_LINK.label}</Link>
    </Button>
  </div>
);
