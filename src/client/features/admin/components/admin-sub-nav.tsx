import { NavLink } from 'react-router';
import { cn } from '#client/lib/utils.ts';
import { adminSections } from '../admin-sections.ts';

/** The admin pages as a row of tabs that scrolls sideways on small screens. */
export const AdminSubNav = () => (
  <nav aria-label="Admin" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
    <ul className="flex w-max gap-1 rounded-full border border-border bg-surface p-1">
      {adminSections.map((section) => (
        <li key={section.to}>
          <NavLink
            to={section.to}
            className={({ isActive }) =>
              cn(
                'block whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium transition-colors',
                isActive ? 'bg-accent text-accent-foreground' : 'text-muted hover:bg-white/8 hover:text-foreground',
              )
            }
          >
            {section.label}
          </NavLink>
        </li>
      ))}
    </ul>
  </nav>
);
