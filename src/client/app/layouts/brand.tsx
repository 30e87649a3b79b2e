import { Link } from 'react-router';
import { paths } from '#client/lib/paths.ts';

/** The TourGuides mark: a spotlight over a stage. */
export const BrandMark = () => (
  <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
    <defs>
      <linearGradient id="brand-beam" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#ffc247" />
        <stop offset="1" stopColor="#ff5ca4" />
      </linearGradient>
    </defs>
    <rect width="32" height="32" rx="9" fill="#1e1a34" />
    <path d="M16 6 7 26h18Z" fill="url(#brand-beam)" opacity="0.45" />
    <circle cx="16" cy="7.5" r="3.2" fill="#ffc247" />
    <path d="M11 22h10M13.5 25.5h5" stroke="#f5f2fc" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

export const BrandLink = ({ className }: { className?: string }) => (
  <Link to={paths.home} className={className} aria-label="TourGuides home">
    <span className="flex items-center gap-2.5">
      <BrandMark />
      <span className="font-display text-xl font-extrabold tracking-tight">
        Tour<span className="text-accent">Guides</span>
      </span>
    </span>
  </Link>
);
