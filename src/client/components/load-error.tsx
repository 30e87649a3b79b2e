import { Button } from '#client/components/ui/button.tsx';
import { cx } from '#client/lib/class-names.ts';

/** A page whose data could not be loaded: what failed, the server's reason, and a retry. */
export const LoadError = ({
  what,
  message,
  onRetry,
  inList = false,
}: {
  what: string;
  message: string;
  onRetry: () => void;
  /** Less room above and below, where the error stands in a list rather than a whole page. */
  inList?: boolean;
}) => (
  <div
    role="alert"
    className={cx('mx-auto flex max-w-lg flex-col items-center gap-4 px-4 text-center', inList ? 'py-12' : 'py-20')}
  >
    <p className="text-muted">
      {what} could not be loaded. {message}
    </p>
    <Button variant="outline" onClick={onRetry}>
      Try again
    </Button>
  </div>
);

/** LoadError for a part of a page: one line and a small retry. */
export const InlineLoadError = ({ what, onRetry }: { what: string; onRetry: () => void }) => (
  <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
    <span className="text-muted">{what} could not be loaded.</span>
    <Button size="sm" variant="outline" onClick={onRetry}>
      Try again
    </Button>
  </div>
);

/** LoadError for a section of a settings or account page: the reason, then a small retry, left-aligned. */
export const SectionLoadError = ({
  what,
  message,
  onRetry,
}: {
  what: string;
  message: string;
  onRetry: () => void;
}) => (
  <div role="alert" className="flex flex-col items-start gap-3 text-sm">
    <p className="text-muted">
      {what} could not be loaded. {message}
    </p>
    <Button variant="outline" size="sm" onClick={onRetry}>
      Try again
    </Button>
  </div>
);
