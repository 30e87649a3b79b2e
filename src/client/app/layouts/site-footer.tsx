import { Link } from 'react-router';
import { paths } from '#client/lib/paths.ts';
import { BrandMark } from './brand.tsx';

export const SiteFooter = () => (
  <footer className="border-t border-border">
    <div className="mx-auto flex max-w-7xl flex-col items-center gap-3 px-4 py-10 text-center text-sm text-muted sm:flex-row sm:justify-between sm:px-6 sm:text-left lg:px-8">
      <div className="flex items-center gap-2.5">
        <BrandMark />
        <p>© {new Date().getFullYear()} TourGuides. All rights reserved.</p>
      </div>
      <div className="flex items-center gap-4">
        <Link to={paths.install} className="underline-offset-4 hover:text-foreground hover:underline">
          Install the app
        </Link>
        <p>Your concert companion.</p>
      </div>
    </div>
  </footer>
);
