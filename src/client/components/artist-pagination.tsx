import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

export const ArtistPagination = ({
  page,
  totalPages,
  onPageChange,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}) => (
  <nav aria-label="Artist pages" className="mt-10 flex items-center justify-center gap-3 sm:gap-5">
    <Button variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
      <ChevronLeft aria-hidden="true" />
      Previous
    </Button>
    <p className="min-w-24 text-center text-sm font-medium text-muted" aria-live="polite">
      Page {page} of {totalPages}
    </p>
    <Button variant="outline" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
      Next
      <ChevronRight aria-hidden="true" />
    </Button>
  </nav>
);
