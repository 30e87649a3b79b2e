/**
 * Who a signed-in request acts for. `requireUser` and `requireAdmin` (src/server/auth/middleware.ts)
 * put it on the context as `c.var.actor`; routes hand it first to their services, which find rows
 * by `actor.userId` and so never touch another fan's.
 */
export interface Actor {
  userId: string;
  email: string;
  /** The display name, shown with what the fan writes for others (tips). */
  name: string;
  /** When the account was made: new accounts' public writes are held more strictly. */
  createdAt: Date;
}

/** The actor of a request whose service also decides by role (the scraper's import, music services). */
export type ActorWithRole = Actor & { isAdmin: boolean };
